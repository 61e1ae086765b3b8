/// Bit layout of the flat "tape" that `JSONTapeBuilder` produces and `JSONTapeView` reads.
///
/// Every value occupies two `UInt64` words, in document (pre-order) order; keys of an object are
/// string entries that precede their values. Containers additionally get a two-word *close* entry
/// after their last descendant, so a container's subtree is one contiguous slice of the tape and
/// skipping it is O(1).
///
/// Word 0 (all entries): `tag << 60 | flag << 59 | byte offset of the value's first byte`.
/// Word 1:
/// - string / number / literal: byte offset just past the value (exclusive end);
/// - object / array: `count << 32 | tape index just past the matching close entry`
///   (count is members for objects, elements for arrays);
/// - close: tape index of the matching open entry.
///
/// The flag bit means "contains backslash escapes" for strings and "integral literal (no fraction,
/// no exponent)" for numbers. Tape indices are kept below 2^32 (documents beyond ~2 billion values are
/// rejected as too large), byte offsets below 2^59.
enum JSONTapeLayout {
    static let tagShift: UInt64 = 60
    static let flagBit: UInt64 = 1 << 59
    static let offsetMask: UInt64 = (1 << 59) - 1

    static let object: UInt64 = 1
    static let array: UInt64 = 2
    static let string: UInt64 = 3
    static let number: UInt64 = 4
    static let trueValue: UInt64 = 5
    static let falseValue: UInt64 = 6
    static let null: UInt64 = 7
    static let close: UInt64 = 8

    /// Largest number of tape words we allow (indices must fit the 32-bit fields).
    static let maxWords = Int(UInt32.max) - 8
}
