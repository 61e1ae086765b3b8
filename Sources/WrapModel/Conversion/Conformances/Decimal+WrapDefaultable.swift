import Foundation

extension Decimal: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Decimal { 0 }
}
