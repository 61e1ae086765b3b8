import Foundation

extension FormattedDateCodec: DateTextFormat {
    func text(for date: Date) -> String? { string(from: date) }
}
