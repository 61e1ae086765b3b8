import Foundation

extension URL: WrapCodable {
    /// Strings `URL(string:)` accepts; written as the absolute string.
    public static var wrapCodec: some WrapValueCodec<URL> { URLCodec() }
}
