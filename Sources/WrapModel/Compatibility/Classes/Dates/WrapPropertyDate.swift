import Foundation

/// A `Date?` read from any of the fixed formats of ``DateOutputType`` and written in `dateType`.
///
/// ```swift
/// let joined = WPDate("date_joined", dateType: .iso8601)   // "2016-11-01T21:14:33Z"
/// ```
/// Parsing tries `dateType` first, then the other types in declaration order; a number from
/// 19000101 to 99991231 reads as `yyyymmdd`. Dates are read and written in UTC.
public final class WrapPropertyDate: WrapProperty<Date?> {
    /// The fixed date formats; see ``WrapDateOutputType``.
    public typealias DateOutputType = WrapDateOutputType

    /// The format output writes.
    public let dateType: DateOutputType

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - dateType: Tried first when reading and always used when writing.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, dateType: DateOutputType, serializeForOutput: Bool = true) {
        self.dateType = dateType
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(WrapDateCodec(dateType)))
    }
}

/// A `Date?` in ISO 8601, with `ISO8601DateFormatter` options (nil: internet date-time, e.g.
/// `2016-11-01T21:14:33Z`).
public final class WrapPropertyDateISO8601: WrapProperty<Date?> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - options: `ISO8601DateFormatter` options (nil: internet date-time).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, options: ISO8601DateFormatter.Options?, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(WrapDateCodec(iso8601Options: options)))
    }
}

/// A `Date?` in a custom `DateFormatter` pattern (locale `en_US_POSIX`, time zone UTC).
///
/// Custom patterns go through `DateFormatter` (tens of microseconds a parse); prefer
/// ``WrapPropertyDate`` where one of its fixed formats fits.
public final class WrapPropertyDateFormatted: WrapProperty<Date?> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - dateFormatString: A `DateFormatter` pattern (en_US_POSIX, UTC).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, dateFormatString: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(WrapDateCodec(dateFormat: dateFormatString)))
    }
}
