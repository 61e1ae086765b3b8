// expect-first: 'init()' is unavailable: a Date needs its format, and a default unless it is optional: @MutProperty(date: .iso8601, defaultValue: .distantPast) var joined: Date, or declare it Date?
import WrapModel

final class Member: WrapModel, NonisolatedModel, @unchecked Sendable {
    @MutProperty var joined: Date
}
