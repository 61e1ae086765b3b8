import Foundation

extension WrapCodecPropertyWrapper where Value == Date? {
    /// A date in one of the fixed formats (`.iso8601`, `.yyyymmddDashes`, …): `date` is tried first
    /// when reading, then the other fixed formats; output writes `date`. Nil when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - date: The format output writes.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, date: WrapDateOutputType, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, date, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(WrapDateCodec(date)), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// A date in ISO 8601 with `ISO8601DateFormatter` options (nil: internet date-time). Nil when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - iso8601Options: The formatter options; nil means `2016-11-01T21:14:33Z`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, iso8601Options: ISO8601DateFormatter.Options?, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, iso8601Options, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(WrapDateCodec(iso8601Options: iso8601Options)), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// A date in a `DateFormatter` pattern (locale `en_US_POSIX`, time zone UTC). Nil when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - dateFormat: The pattern, e.g. `"dd.MM.yyyy"`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, dateFormat: String, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, dateFormat, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(WrapDateCodec(dateFormat: dateFormat)), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}

extension WrapCodecPropertyWrapper where Value == Date? {
    /// Not available: a date is read in a format the declaration names, so the compiler's first
    /// error on `@Property("joined") var joined: Date?` shows the declaration to write.
    /// - Parameter keyPath: Period-delimited path of the value in the model's data.
    @available(*, unavailable, message: "a Date needs its format: (\"joined\", date: .iso8601), or (\"joined\", dateFormat: \"dd.MM.yyyy\"), or (\"joined\", iso8601Options: [.withFullDate])")
    public init(_ keyPath: String) { fatalError("unavailable") }
}

extension WrapCodecPropertyWrapper where Value == Date {
    /// Not available: a date is read in a format the declaration names, and a date that is not
    /// optional needs a default; the compiler's first error shows the declaration to write.
    /// - Parameter keyPath: Period-delimited path of the value in the model's data.
    @available(*, unavailable, message: "a Date needs its format, and a default unless it is optional: (\"joined\", date: .iso8601, defaultValue: .distantPast), or declare it Date?")
    public init(_ keyPath: String) { fatalError("unavailable") }

    /// A non-optional date in one of the fixed formats, reading `defaultValue` when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - date: The format output writes (tried first when reading).
    ///   - defaultValue: Read when the data has no parseable date.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, date: WrapDateOutputType, defaultValue: Date, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, date, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapDateCodec(date), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }
}
