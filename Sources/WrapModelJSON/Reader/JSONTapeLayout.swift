/// Bit layout of the flat "tape" that `JSONTapeBuilder` produces and `JSONTapeView` reads.
///
/// Every value occupies one `UInt64` word, in document (pre-order) order; keys of an object are
/// string entries that precede their values. Containers additionally get a *close* entry after
/// their last descendant, so a container's subtree is one contiguous slice of the tape and
/// skipping it is O(1).
///
/// Each word is `tag << 60 | flag << 59 | field << 32 | byte offset of the value's first byte`,
/// where the 27-bit field is:
/// - string / number / literal: the value's length in bytes (its end is offset + length);
/// - object / array: the tape index just past the matching close entry;
/// - close: the number of members (objects) or elements (arrays) of the container it closes.
///
/// The flag bit means "contains backslash escapes" for strings and "integral literal (no fraction,
/// no exponent)" for numbers. One word per value rather than two halves the tape (for twitter.json
/// 237 KB instead of 473 KB, against 632 KB of text) and the memory a parse writes. The price is
/// in the limits, each a parse error rather than a silent wrap: documents below 4 GiB (32-bit
/// offsets), fewer than 2^27 (134 million) values, no single value longer than 2^27 - 1 bytes.
package enum JSONTapeLayout {
    static let tagShift: UInt64 = 60
    static let flagBit: UInt64 = 1 << 59
    static let fieldShift: UInt64 = 32
    static let fieldMask: UInt64 = (1 << 27) - 1
    static let offsetMask: UInt64 = 0xFFFF_FFFF

    package static let object: UInt64 = 1
    static let array: UInt64 = 2
    package static let string: UInt64 = 3
    static let number: UInt64 = 4
    static let trueValue: UInt64 = 5
    static let falseValue: UInt64 = 6
    static let null: UInt64 = 7
    static let close: UInt64 = 8

    /// Largest number of tape words we allow (indices and counts must fit the 27-bit field).
    static let maxWords = Int(fieldMask) - 8
    /// Longest single value (string, number) in bytes.
    static let maxValueLength = Int(fieldMask)
    /// Largest document in bytes (offsets must fit 32 bits).
    static let maxBytes = Int(offsetMask)
}
