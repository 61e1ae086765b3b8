/// Bit layout of the flat "tape" that `JSONTapeBuilder` produces and `JSONTapeView` reads.
///
/// Values are entries in document (pre-order) order; keys of an object are string entries that
/// precede their values. A scalar is one 32-bit word, `tag << 29 | flag << 28 | offset`: its kind,
/// one flag bit ("contains backslash escapes" for strings, "integral literal" for numbers) and the
/// byte offset of its first byte within its 256 MiB page (see below). A container is an open
/// entry, its members' or elements' entries and a close entry, so its subtree is one contiguous
/// slice of the tape, and the open entry's second word makes skipping it O(1):
///
///     open:  [object or array | offset of the bracket]  [tape index just past the close entry]
///     close: [close           | offset of the bracket]
///
/// No entry stores a length or a count (counting children skips from one to the next). Between the end of any scalar and the start of the entry that follows
/// it on the tape there is only whitespace, at most one `,` or `:`, and whitespace, and a scalar
/// never ends in any of those bytes, so `JSONTapeView.scalarEnd` finds the end by stepping back
/// from the next entry's offset: one or two byte compares in compact text.
///
/// Why 32-bit words: twitter.json's tape was 237 KB at one 64-bit word per value (lengths
/// included) against 632 KB of text; it is 128 KB now, so a model over a document costs 1.20x the
/// document instead of 1.38x, and a parse writes 46% less memory.
///
/// Offsets above 256 MiB: tagged words hold the low 28 bits of an offset. Offsets rise along the
/// tape, so a document larger than a page records the tape index where each later page begins
/// (`JSONTapeView.pageStarts`), and an entry's page is the number of those at or before it. Limits,
/// each a parse error rather than a silent wrap: documents below 4 GiB, fewer than 2^31 tape words.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public enum JSONTapeLayout {
    /// One tape entry.
    public typealias Word = UInt32

    @inlinable package static var tagShift: UInt32 { 29 }
    @inlinable package static var flagBit: UInt32 { 1 << 28 }
    @inlinable package static var offsetMask: UInt32 { (1 << 28) - 1 }
    /// Bytes in one offset page.
    @inlinable package static var pageShift: Int { 28 }

    @inlinable package static var close: UInt32 { 0 }
    @inlinable package static var object: UInt32 { 1 }
    @inlinable package static var array: UInt32 { 2 }
    @inlinable package static var string: UInt32 { 3 }
    @inlinable package static var number: UInt32 { 4 }
    @inlinable package static var trueValue: UInt32 { 5 }
    @inlinable package static var falseValue: UInt32 { 6 }
    @inlinable package static var null: UInt32 { 7 }

    /// Largest number of tape words we allow (indices and counts must fit 31 bits, as the model
    /// library keeps them in `Int32`).
    static let maxWords = Int(Int32.max) - 8
    /// Largest document in bytes (offsets must fit 32 bits).
    static let maxBytes = Int(UInt32.max)
}
