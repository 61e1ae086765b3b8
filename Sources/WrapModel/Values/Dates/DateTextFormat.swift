import Foundation

/// A way of writing dates as text, for ``WrapDateCodec``.
protocol DateTextFormat: Sendable {
    /// The date `string` stands for, or nil when it does not parse.
    func date(from string: String) -> Date?
    /// The text written for `date`, or nil when the format cannot express it.
    func text(for date: Date) -> String?
}
