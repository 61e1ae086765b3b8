import Synchronization
import WrapModelJSON

extension TypedPropertyDescriptor {
    /// See `PropertyDescriptor.refreshForArrival(_:_:_:)`.
    func refreshTypedForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool {
        let slot = slots.slot(ordinal)
        let bits = slot.pointee.load(ordering: .acquiring)
        if flags.contains(.hasHooks), let fresh = overlappingValueAsRead(slots) {
            // It reads through the submodel it overlaps when there is one: what the cached value
            // was read from may have appeared since (a first read now would read through it).
            if PartialValues.same(CacheBox.value(at: bits, as: T.self), fresh) { return false }
            republish(fresh, slots, ordinal, locked: false)
            return true
        }
        guard case .json(let node)? = lookupStored(in: slots) else {
            // Absent (or not in a document) now, so absent when the value was converted too:
            // members are never taken away.
            return false
        }
        let index = node.index
        let isNew = index >= walk.firstNew
        let level = isNew ? nil : walk.previousLevel(of: index)
        // Complete before this piece: the cached value is its conversion.
        if !isNew && level == nil { return false }
        if let level {
            // The same container as when the value was converted, open then.
            if let extending = walk.extender(of: self) {
                let context = decodeContext(slots, issues: nil, keyPath: keyPath)
                if CacheBox.isLockFreeReadable(bits) {
                    // Readers may be copying this box without a lock: extend a copy, published
                    // in a box readers read under the lock, which later pieces extend in place.
                    var extended = CacheBox.value(at: bits, as: T.self)
                    switch extending.extend(&extended, array: node, level: level, walk: walk, context: context) {
                    case .unchanged: return false
                    case .changed:
                        republish(extended, slots, ordinal, locked: true)
                        return true
                    case .reconvert: break
                    }
                } else {
                    // Extended where it is (no copy of it is held here, so adding to it copies nothing).
                    let box = UnsafeMutableRawPointer(bitPattern: bits & ~CacheBox.flagMask).unsafelyUnwrapped.assumingMemoryBound(to: T.self)
                    switch extending.extend(&box.pointee, array: node, level: level, walk: walk, context: context) {
                    case .unchanged: return false
                    case .changed: return true
                    case .reconvert: break
                    }
                }
            } else if holdsModels, let model = CacheBox.value(at: bits, as: T.self) as? WrapModel, model.storage.jsonObject?.index == index {
                walk.visit(model, level: level)
                return false
            }
        }
        let current = CacheBox.value(at: bits, as: T.self)
        let converted = convertStoredValue(slots)
        if PartialValues.same(current, converted) { return false }
        republish(converted, slots, ordinal, locked: false)
        return true
    }

    /// Replaces the slot's box with one for `value`, converted from the data (not written): the
    /// old box is retired as a write retires it, or freed at once when readers read it under the
    /// lock, which the caller holds for writing.
    private func republish(_ value: T, _ slots: ModelSlots, _ ordinal: Int, locked: Bool) {
        let slot = slots.slot(ordinal)
        let old = slot.pointee.load(ordering: .relaxed)
        let oldIsShared = CacheBox.isLockFreeReadable(old)
        if oldIsShared && !CacheBox.isInline(old) { slots.retire(old, at: ordinal, release: { CacheBox.release($0, as: T.self) }) }
        let bits = CacheBox.publish(value, isMutation: false, locked: locked || slots.retiredCount(ordinal) >= Self.retiredLimit)
        slot.pointee.store(bits, ordering: .releasing)
        if !oldIsShared && old != 0 { CacheBox.release(old, as: T.self) }
    }
}

/// How a declaration's values extend with a piece, found once per declaration and walk (a
/// cast to a protocol with a primary associated type is a runtime lookup).
final class PartialExtender<T> {
    /// Kept so that its identity, the walk's key, is not reused by another declaration.
    let descriptor: TypedPropertyDescriptor<T>
    let extending: (any PartialExtendingCodec<T>)?
    init(_ descriptor: TypedPropertyDescriptor<T>) {
        self.descriptor = descriptor
        extending = descriptor.codec as? any PartialExtendingCodec<T>
    }
}

/// Whether two values of a property are the same, as a read shows them.
enum PartialValues {
    /// Models (and other objects) are the same when they are the same instance; collections when
    /// their elements are the same; other values when they are equal.
    static func same<T>(_ a: T, _ b: T) -> Bool {
        // The common scalar types compare without boxing both values in `Any` and casting them.
        if T.self == String.self { return unsafeBitCast(a, to: String.self) == unsafeBitCast(b, to: String.self) }
        if T.self == String?.self { return unsafeBitCast(a, to: String?.self) == unsafeBitCast(b, to: String?.self) }
        if T.self == Int.self { return unsafeBitCast(a, to: Int.self) == unsafeBitCast(b, to: Int.self) }
        if T.self == Int?.self { return unsafeBitCast(a, to: Int?.self) == unsafeBitCast(b, to: Int?.self) }
        if T.self == Bool.self { return unsafeBitCast(a, to: Bool.self) == unsafeBitCast(b, to: Bool.self) }
        return same(any: a, b)
    }

    private static func same(any a: Any, _ b: Any) -> Bool {
        switch (OptionalFlattening.flattened(a), OptionalFlattening.flattened(b)) {
        case (nil, nil): return true
        case (let x?, let y?):
            if type(of: x) is AnyClass || type(of: y) is AnyClass { return (x as AnyObject) === (y as AnyObject) }
            if let x = x as? [Any], let y = y as? [Any] {
                return x.count == y.count && zip(x, y).allSatisfy { same(any: $0, $1) }
            }
            if let x = x as? [String: Any], let y = y as? [String: Any] {
                return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(any: value, $0) } ?? false }
            }
            if let x = x as? any Equatable { return x.isEqual(to: y) }
            return false
        default: return false
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
