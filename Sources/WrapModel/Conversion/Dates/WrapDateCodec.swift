import Foundation
import WrapModelJSON

/// Dates as text in one format; numbers from 19000101 to 99991231 read as `yyyymmdd`. Strings the
/// format cannot parse are reported by ``WrapModel/validate()`` as unparseable dates.
///
/// Created by the date-typed property initialisers (`@Property("joined", date: .iso8601)`), or
/// directly to compose, e.g. `WrapArrayCodec(WrapDateCodec(.iso8601))` for `[Date]`.
public struct WrapDateCodec: WrapValueCodec {
    // An enum rather than `any DateTextFormat`, so the codec fits a property's inline storage.
    private enum Format: Sendable {
        case fixed(FixedDateFormat)
        case iso8601(ISO8601DateCodec)
        case pattern(FormattedDateCodec)

        var format: any DateTextFormat {
            switch self {
            case .fixed(let format): return format
            case .iso8601(let format): return format
            case .pattern(let format): return format
            }
        }
    }

    private let choice: Format
    private var format: any DateTextFormat { choice.format }

    /// One of the fixed formats: tried first when reading (then the others), always used to write.
    /// - Parameter type: The fixed format.
    public init(_ type: WrapDateOutputType) { choice = .fixed(FixedDateFormat(type: type)) }

    /// ISO 8601 with `ISO8601DateFormatter` options (nil: internet date-time, `2016-11-01T21:14:33Z`).
    /// - Parameter options: The `ISO8601DateFormatter` options; nil means internet date-time, `2016-11-01T21:14:33Z`.
    public init(iso8601Options options: ISO8601DateFormatter.Options?) { choice = .iso8601(ISO8601DateCodec(options: options)) }

    /// A `DateFormatter` pattern (locale `en_US_POSIX`, time zone UTC). Custom patterns cost tens
    /// of microseconds a parse; prefer a fixed format where one fits.
    /// - Parameter dateFormat: The pattern, e.g. `"dd.MM.yyyy"`.
    public init(dateFormat: String) { choice = .pattern(FormattedDateCodec(format: dateFormat)) }

    /// `"date string"`.
    public var expectedDescription: String { "date string" }

    /// The date the string (or `yyyymmdd` number) stands for; nil, reported, for unparseable text.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Date? {
        let any = stored.raw.any
        if let string = NativeValue.string(any) {
            if let date = format.date(from: string) { return date }
            context.report(.unparseableDate(string))
            return nil
        }
        if let number = NumberReading.int(any) { return WrapDateOutputType.date(fromNumber: number) }
        return nil
    }

    /// The date's text in the format.
    /// - Parameters:
    ///   - value: The property's value.
    ///   - context: How the output is being written.
    public func encode(_ value: Date, context: WrapEncodingContext) -> Any? { format.text(for: value) }
}
