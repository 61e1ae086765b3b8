import Foundation

extension Conversions {
    /// Dates from strings through `parse`; numbers from 19000101 to 99991231 as `yyyymmdd`.
    /// Strings no format parses are reported as unparseable dates.
    static func date(parse: @escaping @Sendable (String) -> Date?, format: @escaping @Sendable (Date) -> String?) -> WrapConversion<Date?> {
        WrapConversion(
            expected: "date string",
            decode: { stored, context in
                let any = stored.any
                if let string = NativeValue.string(any) {
                    if let date = parse(string) { return .some(date) }
                    context.report(.unparseableDate(string))
                    return nil
                }
                if let number = NumberReading.int(any), let date = WrapDateOutputType.date(fromNumber: number) {
                    return .some(date)
                }
                return nil
            },
            encode: { value, _ in value.flatMap(format) },
            isNoValue: { $0 == nil })
    }
}
