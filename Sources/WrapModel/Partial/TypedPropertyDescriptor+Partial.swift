import Synchronization
import WrapModelJSON

/// A declaration's part in a piece's refresh (see `PartialWalk`).
protocol PartialRefreshing: AnyObject {
    /// Brings the slot at `ordinal`, which holds a value converted from the data, up to the piece
    /// `walk` is refreshing (the document's lock held for writing); true when the value a read
    /// shows changed.
    func refreshForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool
}

extension TypedPropertyDescriptor: PartialRefreshing {
    func refreshForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool {
        let slot = slots.slot(ordinal)
        let bits = slot.pointee.load(ordering: .acquiring)
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
        let current = CacheBox.value(at: bits, as: T.self)
        if let level {
            // The same container as when the value was converted, open then.
            if holdsModels, let model = current as? WrapModel, model.storage.jsonObject?.index == index {
                walk.visit(model, level: level)
                return false
            }
            if let extending = codec as? any PartialExtendingCodec<T> {
                let context = decodeContext(slots, issues: nil, keyPath: keyPath)
                if CacheBox.isLockFreeReadable(bits) {
                    // Readers may be copying this box without a lock: extend a copy, published
                    // in a box readers read under the lock, which later pieces extend in place.
                    var extended = current
                    switch extending.extend(&extended, array: node, level: level, walk: walk, context: context) {
                    case .unchanged: return false
                    case .changed:
                        republish(extended, slots, ordinal, locked: true)
                        return true
                    case .reconvert: break
                    }
                } else {
                    let box = UnsafeMutableRawPointer(bitPattern: bits & ~CacheBox.flagMask).unsafelyUnwrapped.assumingMemoryBound(to: T.self)
                    switch extending.extend(&box.pointee, array: node, level: level, walk: walk, context: context) {
                    case .unchanged: return false
                    case .changed: return true
                    case .reconvert: break
                    }
                }
            }
        }
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

/// Whether two values of a property are the same, as a read shows them.
enum PartialValues {
    /// Models (and other objects) are the same when they are the same instance; collections when
    /// their elements are the same; other values when they are equal.
    static func same<T>(_ a: T, _ b: T) -> Bool { same(any: a, b) }

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
