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
///
/// The walk reads the keys and buckets from flat buffers made once: read through arrays of
/// arrays, each member cost a retain and a release of the bucket and of every key compared
/// (a tenth of creating a twitter.json status and reading three of its fields).
// @unchecked: the buffers are written in `init` only, and freed with the schedule.
final class MemberSchedule: @unchecked Sendable {
    /// The UTF-8 key of each ordinal.
    let keys: [[UInt8]]
    /// The ordinal of each declaration, in the table's order (-1: looked up by key path).
    let ordinals: [Int32]
    /// Every key's bytes, one after the other; key `o` is `keyBytes[keyStarts[o]..<keyStarts[o + 1]]`.
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let keyStarts: UnsafeMutablePointer<Int>
    /// The ordinals by key length (keys of 64 bytes or more share the last bucket), bucket after
    /// bucket; bucket `n` is `bucketOrdinals[bucketStarts[n]..<bucketStarts[n + 1]]`.
    private let bucketOrdinals: UnsafeMutablePointer<Int32>
    private let bucketStarts: UnsafeMutablePointer<Int>

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
        self.ordinals = ordinals
        keyBytes = .allocate(capacity: keys.reduce(0) { $0 + $1.count })
        keyStarts = .allocate(capacity: keys.count + 1)
        var offset = 0
        for (ordinal, key) in keys.enumerated() {
            keyStarts[ordinal] = offset
            (keyBytes + offset).initialize(from: key, count: key.count)
            offset += key.count
        }
        keyStarts[keys.count] = offset
        bucketOrdinals = .allocate(capacity: keys.count)
        bucketStarts = .allocate(capacity: byLength.count + 1)
        offset = 0
        for (length, bucket) in byLength.enumerated() {
            bucketStarts[length] = offset
            (bucketOrdinals + offset).initialize(from: bucket, count: bucket.count)
            offset += bucket.count
        }
        bucketStarts[byLength.count] = offset
    }

    deinit {
        keyBytes.deallocate()
        keyStarts.deallocate()
        bucketOrdinals.deallocate()
        bucketStarts.deallocate()
    }

    /// How many keys the schedule has (one per ordinal).
    var count: Int { keys.count }

    /// Fills `table` (one entry per ordinal, preset to -1) with the tape index of each ordinal's
    /// value in the object at `object`; false when the tape is too large for 32-bit indices.
    func fill(_ table: UnsafeMutablePointer<Int32>, object: JSONNode) -> Bool {
        fill(table, object: object, from: nil)
    }

    /// Fills `table` from the member whose key is at tape index `first` (nil: the first member)
    /// on: what a member table built when the members before it had arrived needs for the members
    /// that arrived since (a document still arriving).
    func fill(_ table: UnsafeMutablePointer<Int32>, object: JSONNode, from first: Int?) -> Bool {
        object.document.withView { view in
            guard view.tapeCount < Int(Int32.max) else { return false }
            guard view.tag(object.index) == JSONTapeLayout.object else { return true }
            // A member is its key's entry followed by its value's.
            let stop = view.closeIndex(object.index)
            var j = first ?? view.firstChild(object.index)
            while j < stop {
                let start = view.start(j)
                let end = view.keyEnd(j)
                let escaped = view.flag(j)
                // The raw length counts the quotes; an escaped key may decode shorter.
                if !escaped {
                    let length = Swift.min(Swift.max(end &- start &- 2, 0), 63)
                    for candidate in bucketStarts[length]..<bucketStarts[length &+ 1] {
                        let ordinal = Int(bucketOrdinals[candidate])
                        if matches(view, start, end, escaped: false, ordinal) { table[ordinal] = Int32(truncatingIfNeeded: j &+ 1) }
                    }
                } else {
                    for ordinal in 0..<keys.count where matches(view, start, end, escaped: true, ordinal) {
                        table[ordinal] = Int32(truncatingIfNeeded: j &+ 1)
                    }
                }
                j = view.next(j &+ 1)
            }
            return true
        }
    }

    @inline(__always)
    private func matches(_ view: JSONTapeView, _ start: Int, _ end: Int, escaped: Bool, _ ordinal: Int) -> Bool {
        let key = UnsafeBufferPointer(start: keyBytes + keyStarts[ordinal], count: keyStarts[ordinal &+ 1] &- keyStarts[ordinal])
        return JSONScalarDecoder.stringEquals(view.bytes, start, end, escaped: escaped, key)
    }
}
