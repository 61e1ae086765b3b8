import WrapModelJSON
/// The lookup tables of one conversion dictionary: built once per property class declaration.
final class EnumTables<E: RawRepresentable & Hashable>: @unchecked Sendable where E.RawValue == Int {
    // @unchecked: immutable after init; see `EnumDictionaryCodec`.
    let exact: [String: E]
    let folded: [String: E]
    let names: [E: String]

    init(_ conversionDict: [String: E]) {
        exact = conversionDict
        folded = Dictionary(conversionDict.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        // Several strings may name one case; the smallest string is written, so output is stable.
        names = Dictionary(conversionDict.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> E? {
        let any = stored.raw.any
        if let string = NativeValue.string(any) {
            if let value = exact[string] ?? folded[string.lowercased()] { return value }
            context.report(.unknownEnumValue(string))
            return nil
        }
        if let raw = NumberReading.int(any) {
            if let value = E(rawValue: raw) { return value }
            context.report(.unknownEnumValue(String(raw)))
        }
        return nil
    }
}

extension EnumTables where E: WrapConvertibleEnum {
    /// The tables of `E.conversionDict()`, built on first use and kept for the process's life:
    /// enum types are few, and rebuilding them for each model instance would dominate reads.
    static func shared(for _: E.Type) -> EnumTables<E> {
        let key = ObjectIdentifier(E.self)
        if let found = convertibleEnumTables.withLock({ $0[key] }) as? EnumTables<E> { return found }
        // Built outside the lock: conversionDict() is user code.
        let built = EnumTables(E.conversionDict())
        return convertibleEnumTables.withLock { tables in
            if let existing = tables[key] as? EnumTables<E> { return existing }
            tables[key] = built
            return built
        }
    }
}

/// Tables of every ``WrapConvertibleEnum`` type used so far, by type (read with a checked cast).
private let convertibleEnumTables = Locked<[ObjectIdentifier: AnyObject]>([:])
