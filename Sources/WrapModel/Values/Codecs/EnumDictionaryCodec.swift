/// An `Int`-backed enum read from strings through a conversion dictionary (exact match first,
/// then ignoring case) or from its raw integer; written as the case's string, or its raw value
/// when it has none.
struct EnumDictionaryCodec<E: RawRepresentable & Hashable>: WrapValueCodec, @unchecked Sendable where E.RawValue == Int {
    // @unchecked: the tables hold enum cases (`E` is not declared Sendable by 1.3.7 code) and are
    // never written after init, so sharing them between threads is safe.
    private let tables: EnumTables<E>

    init(_ conversionDict: [String: E]) { tables = EnumTables(conversionDict) }

    var expectedDescription: String { "enum string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> E? {
        tables.decode(stored, context: context)
    }

    func encode(_ value: E, context: WrapEncodingContext) -> Any? { tables.names[value] ?? value.rawValue }
}
