import Foundation

/// A `URL` from a string (`URL(string:)`); written as its absolute string.
struct URLCodec: WrapValueCodec {
    var expectedDescription: String { "URL string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> URL? {
        guard let string = stored.string, !string.isEmpty else { return nil }
        return URL(string: string)
    }

    func encode(_ value: URL, context: WrapEncodingContext) -> Any? { value.absoluteString }
}
