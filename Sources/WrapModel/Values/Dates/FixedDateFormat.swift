import Foundation

/// One of the fixed formats, parsed falling back to the other fixed formats.
struct FixedDateFormat: DateTextFormat {
    let type: WrapDateOutputType

    func date(from string: String) -> Date? { type.date(from: string, fallbackToOtherFormats: true) }

    func text(for date: Date) -> String? { type.string(from: date) }
}
