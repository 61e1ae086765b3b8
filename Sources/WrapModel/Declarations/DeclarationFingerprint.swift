import Foundation

/// The arguments one declaration was made with, kept bit for bit, so that the next instance of
/// the class can tell — without building anything — that its declaration said the same.
///
/// Swift evaluates a declaration's arguments for every instance (`@Property("id") var id: Int`
/// calls the wrapper's initialiser each time a model is created). Building a descriptor from them
/// each time would cost the allocation this design exists to avoid, so a declaration compares its
/// arguments with those of the descriptor expected at its position (see
/// `ConstructionContext.declare`) and only builds one when they differ.
///
/// Arguments are compared by their type and their bytes: equal bytes of the same type are the
/// same value (the same literal string, number, enum case, non-capturing closure, or the same
/// object). Values whose bytes differ each time — a computed string, a capturing closure, a
/// default computed per instance — never match, so such a declaration gets a descriptor of its
/// own in every instance, which is exactly what it asked for. Bytes can also differ for equal
/// values (padding inside a struct): that costs a descriptor, never a wrong value.
struct DeclarationFingerprint: @unchecked Sendable {
    // @unchecked: the values are kept only so that the bytes stay meaningful (an object's address
    // is not reused while it is kept); they are never read as values.
    /// Each argument's type, its bytes' offset and count.
    private var parts: [(type: ObjectIdentifier, offset: Int, count: Int)] = []
    private var bytes: [UInt8] = []
    /// The arguments themselves, so the objects their bytes point to stay alive.
    private var kept: [Any] = []

    init() {}

    /// Captures the arguments of a declaration.
    init<each Argument>(_ arguments: repeat each Argument) {
        for argument in repeat each arguments { append(argument) }
    }

    /// Adds a later part of the declaration (a modifier or converter set after the initialiser).
    mutating func append<T>(_ value: T) {
        let offset = bytes.count
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
        parts.append((ObjectIdentifier(T.self), offset, MemoryLayout<T>.size))
        kept.append(value)
    }

    /// How many parts the declaration has.
    var count: Int { parts.count }

    /// Whether part `index` is `value`.
    func part<T>(_ index: Int, is value: T) -> Bool {
        guard index < parts.count else { return false }
        let part = parts[index]
        guard part.type == ObjectIdentifier(T.self), part.count == MemoryLayout<T>.size else { return false }
        return withUnsafeBytes(of: value) { given in
            bytes.withUnsafeBytes { stored in
                part.count == 0 || memcmp(given.baseAddress!, stored.baseAddress! + part.offset, part.count) == 0
            }
        }
    }

    /// Whether two declarations said the same.
    static func == (lhs: DeclarationFingerprint, rhs: DeclarationFingerprint) -> Bool {
        guard lhs.parts.count == rhs.parts.count, lhs.bytes == rhs.bytes else { return false }
        return zip(lhs.parts, rhs.parts).allSatisfy { $0.type == $1.type && $0.offset == $1.offset && $0.count == $1.count }
    }

    /// Whether both start with the same first part: the tag naming the initialiser that made them.
    func hasSameInitialiser(as other: DeclarationFingerprint) -> Bool {
        guard let mine = parts.first, let theirs = other.parts.first, mine.type == theirs.type, mine.count == theirs.count else {
            return parts.isEmpty && other.parts.isEmpty
        }
        return bytes[mine.offset..<(mine.offset + mine.count)].elementsEqual(other.bytes[theirs.offset..<(theirs.offset + theirs.count)])
    }

    /// The first `count` parts (a declaration without what was added after its initialiser).
    func prefix(_ count: Int) -> DeclarationFingerprint {
        var result = DeclarationFingerprint()
        for index in 0..<Swift.min(count, parts.count) {
            let part = parts[index]
            result.parts.append((part.type, result.bytes.count, part.count))
            result.bytes.append(contentsOf: bytes[part.offset..<(part.offset + part.count)])
            result.kept.append(kept[index])
        }
        return result
    }
}
