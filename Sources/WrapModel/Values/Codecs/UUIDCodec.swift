import Foundation

/// A `UUID` from its string form (any case); written in upper case, as `UUID.uuidString` does.
struct UUIDCodec: WrapValueCodec {
    var expectedDescription: String { "UUID string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> UUID? {
        stored.string.flatMap(UUID.init(uuidString:))
    }

    func encode(_ value: UUID, context: WrapEncodingContext) -> Any? { value.uuidString }
}
