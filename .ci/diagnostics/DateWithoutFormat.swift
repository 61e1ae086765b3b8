// expect-first: 'init()' is unavailable: a Date needs its format: @Property(date: .iso8601) var joined: Date?, or (dateFormat: "dd.MM.yyyy"), or (iso8601Options: [.withFullDate])
import WrapModel

final class Member: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property var joined: Date?
}
