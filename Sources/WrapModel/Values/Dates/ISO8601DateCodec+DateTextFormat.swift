import Foundation

extension ISO8601DateCodec: DateTextFormat {
    func text(for date: Date) -> String? { string(from: date) }
}
