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
/// same value (the same literal string, number, enum case, non-capturing closure). Values whose
/// bytes differ each time — a computed string, a capturing closure, a default computed per
/// instance — never match, so such a declaration gets a descriptor of its own in every instance,
/// which is exactly what it asked for. Bytes can also differ for equal values (padding inside a
/// struct, the unused word of an optional's `nil`): that costs a descriptor, never a wrong value
/// — except for `String?`, whose `nil` is made canonical, since a declaration without a key and
/// `WPOptStr`'s default are both one.
///
/// An argument that is a store (an ``IdentityComparedArgument``) is compared by identity and is
/// not kept alive: the class's description must not hold the first model's store for the life of
/// the process. The fingerprint keeps a weak reference beside its address, and an address
/// matches only while that reference is alive, so a new store made where a freed one was is
/// never taken for it. Other arguments are kept (their bytes may point into memory that must not
/// be reused while they are compared); those that are objects — a default value, a codec — are
/// kept by the descriptor anyway, which uses them.
@usableFromInline
struct DeclarationFingerprint: @unchecked Sendable {
    // @unchecked: the values are kept only so that the bytes stay meaningful (memory they point to
    // is not reused while they are kept); they are never read as values. Objects are not kept:
    // their witnesses are.
    @usableFromInline private(set) var parts: [FingerprintPart] = []
    /// The arguments that are values, so the memory their bytes point to stays alive (and the
    /// copies of values wider than a part holds), and the witnesses of those that are objects.
    private var kept: [Any] = []

    @usableFromInline init() {}

    /// Adds a later part of the declaration (a modifier or converter set after the initialiser).
    @usableFromInline
    mutating func append<T>(_ value: T) {
        if MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, let object = value as? any IdentityComparedArgument {
            // An object the description must not keep alive (a store): compared by identity
            // while it lives.
            let witness = ObjectWitness(object)
            parts.append(FingerprintPart(object: value, witness: witness))
            kept.append(witness)
        } else if MemoryLayout<T>.size <= FingerprintPart.inlineBytes {
            parts.append(FingerprintPart(value))
            kept.append(value)
        } else {
            // Wider values are compared through a copy the fingerprint keeps.
            let copy = WideCopy(value)
            parts.append(FingerprintPart(wide: copy.pointer))
            kept.append(copy)
        }
    }

    /// How many parts the declaration has.
    var count: Int { parts.count }

    /// Whether two declarations said the same.
    static func == (lhs: DeclarationFingerprint, rhs: DeclarationFingerprint) -> Bool {
        lhs.parts.count == rhs.parts.count && zip(lhs.parts, rhs.parts).allSatisfy { $0.equals($1) }
    }

    /// Whether both start with the same first part: the tag naming the initialiser that made them.
    func hasSameInitialiser(as other: DeclarationFingerprint) -> Bool {
        guard let mine = parts.first, let theirs = other.parts.first else { return parts.isEmpty && other.parts.isEmpty }
        return mine.equals(theirs)
    }

    /// The first `count` parts (a declaration without what was added after its initialiser).
    func prefix(_ count: Int) -> DeclarationFingerprint {
        var result = DeclarationFingerprint()
        let kept = Swift.min(count, parts.count)
        result.parts = Array(parts.prefix(kept))
        result.kept = Array(self.kept.prefix(kept))
        return result
    }
}

/// One argument of a declaration: its type and its bytes (up to 16 inline, wider ones through a
/// copy), in a shape that compares with two word comparisons.
@usableFromInline
struct FingerprintPart: Sendable {
    @usableFromInline static var inlineBytes: Int { 16 }

    /// The argument's type (its metadata's address), with the low bit set for an object compared
    /// by identity (see ``matchesObject(_:)``), so that the inline comparison never matches one.
    @usableFromInline let type: UInt
    /// The argument's bytes, zero-padded; for a wide value, the address of the copy in `first`;
    /// for an object, its address in `first` and its ``ObjectWitness`` in `second`.
    @usableFromInline let first: UInt64
    @usableFromInline let second: UInt64
    @usableFromInline let isWide: Bool

    @inlinable @inline(__always)
    init<T>(_ value: T) {
        type = UInt(bitPattern: ObjectIdentifier(T.self))
        (first, second) = Self.words(value)
        isWide = false
    }

    /// An object, compared by identity while `witness` (which the fingerprint keeps) sees it alive.
    init<T>(object: T, witness: ObjectWitness) {
        type = UInt(bitPattern: ObjectIdentifier(T.self)) | 1
        first = Self.words(object).0
        second = UInt64(UInt(bitPattern: Unmanaged.passUnretained(witness).toOpaque()))
        isWide = false
    }

    init<T>(wide copy: UnsafeMutablePointer<T>) {
        type = UInt(bitPattern: ObjectIdentifier(T.self))
        first = UInt64(UInt(bitPattern: copy))
        second = 0
        isWide = true
    }

    /// The bytes of a value of at most 16 bytes, zero-padded into two words.
    @inlinable @inline(__always)
    static func words<T>(_ value: T) -> (UInt64, UInt64) {
        // Constant for a specialised `T`: one case remains, a register move.
        switch MemoryLayout<T>.size {
        case 0: return (0, 0)
        case 1: return (UInt64(unsafeBitCast(value, to: UInt8.self)), 0)
        case 2: return (UInt64(unsafeBitCast(value, to: UInt16.self)), 0)
        case 4: return (UInt64(unsafeBitCast(value, to: UInt32.self)), 0)
        case 8: return (unsafeBitCast(value, to: UInt64.self), 0)
        case 16:
            let words = unsafeBitCast(value, to: (UInt64, UInt64).self)
            // `String?.none` is only its second word (0, never a string's); the first is whatever
            // was there, so it is zeroed, or a nil key or default would never match itself. The
            // type is compared last: it is a call where the compiler cannot settle it (a nil
            // closure, 0 in its first word, never gets that far).
            if words.1 == 0 && words.0 != 0 && T.self == String?.self { return (0, 0) }
            return words
        default: return copiedWords(value)
        }
    }

    /// ``words(_:)`` for the other sizes up to 16 bytes.
    @usableFromInline
    static func copiedWords<T>(_ value: T) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { destination in
            withUnsafeBytes(of: value) { destination.copyMemory(from: $0) }
        }
        return words
    }

    /// Whether this part is `value`.
    @inlinable @inline(__always)
    func matches<T>(_ value: T) -> Bool {
        guard type == UInt(bitPattern: ObjectIdentifier(T.self)) else { return matchesObject(value) }
        guard MemoryLayout<T>.size <= Self.inlineBytes else { return matchesWide(value) }
        let (first, second) = Self.words(value)
        return first == self.first && second == self.second
    }

    /// Whether this part is the object `value`, which is alive (the declaration holds it): the
    /// same address, and the object this part saw there still alive — so not a new object made
    /// where a freed one was. Off the inline path: a part of another type fails the type test
    /// first, and only parts that are objects carry the tagged type that comes here.
    @usableFromInline
    func matchesObject<T>(_ value: T) -> Bool {
        guard type & 1 == 1, type == UInt(bitPattern: ObjectIdentifier(T.self)) | 1,
              MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, Self.words(value).0 == first else { return false }
        return witness?.isAlive ?? false
    }

    /// The witness of an object part.
    var witness: ObjectWitness? {
        guard type & 1 == 1, let pointer = UnsafeRawPointer(bitPattern: UInt(second)) else { return nil }
        return Unmanaged<ObjectWitness>.fromOpaque(pointer).takeUnretainedValue()
    }

    @usableFromInline
    func matchesWide<T>(_ value: T) -> Bool {
        guard isWide, let copy = UnsafeRawPointer(bitPattern: UInt(first)) else { return false }
        return withUnsafeBytes(of: value) { memcmp($0.baseAddress.unsafelyUnwrapped, copy, MemoryLayout<T>.size) == 0 }
    }

    /// Whether two parts hold the same argument.
    func equals(_ other: FingerprintPart) -> Bool {
        guard type == other.type, isWide == other.isWide else { return false }
        if type & 1 == 1 {
            // Objects: the same address, seen alive by both (so the same object).
            return first == other.first && (witness?.isAlive ?? false) && (other.witness?.isAlive ?? false)
        }
        guard isWide else { return first == other.first && second == other.second }
        // Same type, so the same size: compared through the copies. The size is not kept, so
        // wide copies are equal only when they are the same copy or bit-identical over 16 bytes,
        // a conservative answer (a spurious difference only costs a descriptor).
        return first == other.first
    }
}

/// An object a declaration may name whose life is the app's, not the class's: a store of one
/// session, made again for the next. A fingerprint compares it by identity without keeping it.
protocol IdentityComparedArgument: AnyObject {}

/// What a fingerprint keeps of an object argument: a weak reference, so that the object is not
/// kept alive and its address is trusted only while it lives.
final class ObjectWitness: @unchecked Sendable {
    // @unchecked: a weak reference is safe to load from any thread; it is set once, in init.
    private weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }

    /// Whether the object is still alive.
    var isAlive: Bool { object != nil }
}

/// A copy of a wide argument a fingerprint keeps, freed with it.
private final class WideCopy<T> {
    let pointer: UnsafeMutablePointer<T>
    init(_ value: T) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
