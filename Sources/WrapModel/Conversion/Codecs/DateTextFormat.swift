import Foundation

/// A way of writing dates as text, for ``WrapDateCodec``.
protocol DateTextFormat: Sendable {
    /// The date `string` stands for, or nil when it does not parse.
    func date(from string: String) -> Date?
    /// The text written for `date`, or nil when the format cannot express it.
    func text(for date: Date) -> String?
}

/// One of the fixed formats, parsed falling back to the other fixed formats.
struct FixedDateFormat: DateTextFormat {
    let type: WrapDateOutputType

    func date(from string: String) -> Date? { type.date(from: string, fallbackToOtherFormats: true) }

    func text(for date: Date) -> String? { type.string(from: date) }
}

extension ISO8601DateCodec: DateTextFormat {
    func text(for date: Date) -> String? { string(from: date) }
}

extension FormattedDateCodec: DateTextFormat {
    func text(for date: Date) -> String? { string(from: date) }
}
