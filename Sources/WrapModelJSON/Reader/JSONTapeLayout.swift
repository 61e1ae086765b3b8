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
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public enum JSONTapeLayout {
    @inlinable package static var tagShift: UInt64 { 60 }
    @inlinable package static var flagBit: UInt64 { 1 << 59 }
    @inlinable package static var fieldShift: UInt64 { 32 }
    @inlinable package static var fieldMask: UInt64 { (1 << 27) - 1 }
    @inlinable package static var offsetMask: UInt64 { 0xFFFF_FFFF }

    @inlinable package static var object: UInt64 { 1 }
    @inlinable package static var array: UInt64 { 2 }
    @inlinable package static var string: UInt64 { 3 }
    @inlinable package static var number: UInt64 { 4 }
    @inlinable package static var trueValue: UInt64 { 5 }
    @inlinable package static var falseValue: UInt64 { 6 }
    @inlinable package static var null: UInt64 { 7 }
    @inlinable package static var close: UInt64 { 8 }

    /// Largest number of tape words we allow (indices and counts must fit the 27-bit field).
    static let maxWords = Int(fieldMask) - 8
    /// Longest single value (string, number) in bytes.
    static let maxValueLength = Int(fieldMask)
    /// Largest document in bytes (offsets must fit 32 bits).
    static let maxBytes = Int(offsetMask)
}
