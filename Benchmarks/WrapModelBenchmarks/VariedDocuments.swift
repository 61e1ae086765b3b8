import Foundation

/// Sixteen documents of twitter.json's shape that differ from one another: the statuses in
/// another order, some without their `entities`, texts cut short, counts changed, and written
/// compact, indented, or with every non-ASCII character escaped (as JSON writers with ASCII-only
/// output do).
///
/// Why: a row that parses the same document round after round lets the processor's branch
/// predictor learn that document, which flatters a parser whose branches depend on the data. A
/// rotation of sixteen documents is closer to a server that never sees the same response twice.
enum VariedDocuments {
    static func make(from twitter: Data, count: Int = 16) -> [Data] {
        guard let root = (try? JSONSerialization.jsonObject(with: twitter)) as? [String: Any],
              let statuses = root["statuses"] as? [[String: Any]] else { return [] }
        return (0..<count).map { index in
            var generator = SeededGenerator(state: UInt64(index) &+ 101)
            var varied = statuses
            varied.shuffle(using: &generator)
            varied = varied.map { status in
                var status = status
                if Int.random(in: 0..<10, using: &generator) < 3 { status["entities"] = nil }
                status["retweet_count"] = Int.random(in: 0..<1_000_000, using: &generator)
                if let text = status["text"] as? String, !text.isEmpty {
                    status["text"] = String(text.prefix(Int.random(in: 1...text.count, using: &generator)))
                }
                return status
            }
            var document = root
            document["statuses"] = varied
            let options: JSONSerialization.WritingOptions = index % 4 == 1 ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
            guard let data = try? JSONSerialization.data(withJSONObject: document, options: options) else { return twitter }
            return index % 3 == 2 ? escapingNonASCII(data) : data
        }
    }

    /// `data` with every character above U+007F written as `\uXXXX` (two for a surrogate pair).
    static func escapingNonASCII(_ data: Data) -> Data {
        var text = ""
        for unit in String(decoding: data, as: UTF8.self).utf16 {
            if unit < 0x80 {
                text.unicodeScalars.append(UnicodeScalar(UInt8(unit)))
            } else {
                text += "\\u" + String(format: "%04X", unit)
            }
        }
        return Data(text.utf8)
    }
}
