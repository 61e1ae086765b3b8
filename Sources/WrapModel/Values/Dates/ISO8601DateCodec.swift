import Foundation

/// Reads and writes ISO 8601 dates for a given set of `ISO8601DateFormatter.Options`.
///
/// ```swift
/// let codec = ISO8601DateCodec(options: nil)
/// codec.date(from: "2016-11-01T21:14:33Z")   // 1478034873 seconds since 1970
/// ```
///
/// With nil or exactly `[.withInternetDateTime]` (the `ISO8601DateFormatter`
/// default) this uses the hand-written `WrapDateOutputType.iso8601` parser, which
/// also accepts fractional seconds and ±HH:MM offsets and writes
/// "yyyy-MM-ddTHH:mm:ssZ" in UTC. Any other options are honoured by a shared,
/// lock-guarded `ISO8601DateFormatter`, one per distinct options value.
struct ISO8601DateCodec: Sendable {
    /// nil selects the hand-written parser.
    private let formatter: LockedFormatter<ISO8601DateFormatter>?

    /// Creates a codec; nil options mean `[.withInternetDateTime]`.
    init(options: ISO8601DateFormatter.Options?) {
        if let options, options != .withInternetDateTime {
            formatter = ISO8601DateCodec.sharedFormatter(for: options)
        } else {
            formatter = nil
        }
    }

    /// The date in `string`, or nil when it is not valid ISO 8601 for these options.
    func date(from string: String) -> Date? {
        guard let formatter else {
            return WrapDateOutputType.iso8601.date(from: string, fallbackToOtherFormats: false)
        }
        return formatter.withFormatter { $0.date(from: string) }
    }

    /// `date` as ISO 8601 text for these options (UTC).
    func string(from date: Date) -> String {
        if formatter == nil, let text = WrapDateOutputType.iso8601.string(from: date) {
            return text
        }
        // Non-default options, or a date outside years 0001–9999 that the fixed
        // writer cannot express: let Foundation decide how to print it.
        let formatter = formatter ?? ISO8601DateCodec.sharedFormatter(for: .withInternetDateTime)
        return formatter.withFormatter { $0.string(from: date) }
    }

    /// Formatters by `Options.rawValue`, created on first use and kept for the
    /// life of the process; apps use a handful of option sets, so it stays small.
    private static let formatters = Locked<[UInt: LockedFormatter<ISO8601DateFormatter>]>([:])

    private static func sharedFormatter(for options: ISO8601DateFormatter.Options) -> LockedFormatter<ISO8601DateFormatter> {
        formatters.withLock { cache in
            if let existing = cache[options.rawValue] { return existing }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            formatter.timeZone = .gmt
            let locked = LockedFormatter(formatter)
            cache[options.rawValue] = locked
            return locked
        }
    }
}
