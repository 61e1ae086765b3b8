import Foundation

extension Decimal: WrapCodable {
    /// Numbers read from their own text (`0.1` is exactly 0.1), and numeric strings.
    public static var wrapCodec: some WrapValueCodec<Decimal> { DecimalCodec() }
}
