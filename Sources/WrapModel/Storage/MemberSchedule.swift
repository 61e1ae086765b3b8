import WrapModelJSON
/// The keys one model class reads from its JSON object, so that a model finds the values of all
/// its properties in one pass over the object's members instead of one scan per property.
///
/// Built once per class with its ``DescriptorTable``. A declaration whose key is a single ASCII
/// key (no period, not a group marker) gets an ordinal; on the first lookup through a
/// model's storage, `ModelStorage` walks the object's members once, matches each member's key
/// against the keys of its length, and records the value's tape index for that ordinal (a later
/// duplicate overwrites an earlier one: the last one wins, as in a single lookup). Every later
/// lookup is one array read. Measured on twitter.json, reading every declared field of a status
/// scanned its 25–40 members once per property before.
final class MemberSchedule: Sendable {
    /// The UTF-8 key of each ordinal.
    let keys: [[UInt8]]
    /// Ordinals by key length (keys of 64 bytes or more share the last bucket).
    private let byLength: [[Int32]]
    /// The ordinal of each declaration, in the table's order (-1: looked up by key path).
    let ordinals: [Int32]

    /// A schedule for declarations at `paths` (in the table's order; nil for one looked up by key
    /// path), or nil when none of them has a plain key.
    init?(_ paths: [KeyPathComponents?]) {
        var keys: [[UInt8]] = []
        var ordinals: [Int32] = []
        var byLength = [[Int32]](repeating: [], count: 64)
        for path in paths {
            guard let path else {
                ordinals.append(-1)
                continue
            }
            let key = Array(path.keyPath.utf8)
            guard !key.isEmpty, !path.isDotted, !path.isRoot, key.allSatisfy({ $0 < 0x80 }), keys.count < Int32.max else {
                ordinals.append(-1)
                continue
            }
            let ordinal = Int32(keys.count)
            keys.append(key)
            ordinals.append(ordinal)
            byLength[Swift.min(key.count, 63)].append(ordinal)
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
        self.byLength = byLength
        self.ordinals = ordinals
    }

    /// Fills `table` (one entry per ordinal, preset to -1) with the tape index of each ordinal's
    /// value in the object at `object`; false when the tape is too large for 32-bit indices.
    func fill(_ table: UnsafeMutablePointer<Int32>, object: JSONNode) -> Bool {
        object.document.withView { view in
            guard view.tapeCount < Int(Int32.max) else { return false }
            guard view.tag(object.index) == JSONTapeLayout.object else { return true }
            // One tape word per value: a member is its key's entry followed by its value's.
            let stop = view.next(object.index) &- 1
            var j = object.index &+ 1
            while j < stop {
                let start = view.start(j)
                let end = view.scalarEnd(j)
                let escaped = view.flag(j)
                // The raw length counts the quotes; an escaped key may decode shorter.
                let candidates = escaped ? nil : byLength[Swift.min(Swift.max(end &- start &- 2, 0), 63)]
                if let candidates {
                    for ordinal in candidates where matches(view, start, end, escaped: false, ordinal) {
                        table[Int(ordinal)] = Int32(truncatingIfNeeded: j &+ 1)
                    }
                } else {
                    for ordinal in keys.indices where matches(view, start, end, escaped: true, Int32(ordinal)) {
                        table[ordinal] = Int32(truncatingIfNeeded: j &+ 1)
                    }
                }
                j = view.next(j &+ 1)
            }
            return true
        }
    }

    private func matches(_ view: JSONTapeView, _ start: Int, _ end: Int, escaped: Bool, _ ordinal: Int32) -> Bool {
        keys[Int(ordinal)].withUnsafeBufferPointer {
            JSONScalarDecoder.stringEquals(view.bytes, start, end, escaped: escaped, $0)
        }
    }
}
