// expect-first: 'init(_:)' is unavailable: a Date needs its format: ("joined", date: .iso8601), or ("joined", dateFormat: "dd.MM.yyyy"), or ("joined", iso8601Options: [.withFullDate])
import WrapModel

final class Member: WrapModel, NonisolatedModel, @unchecked Sendable {
    @MutProperty("joined") var joined: Date?
}
