import Foundation
import WrapModel
import WrapModelJSON

final class PartialBenchStatus: WrapModel, @unchecked Sendable {
    @Property var id: Int
    @Property var text: String
    @Property("user.screen_name") var screenName: String
    @Property("retweet_count") var retweets: Int
    @Property("favorite_count") var favorites: Int
}

final class PartialBenchTimeline: WrapModel, @unchecked Sendable {
    @Property var statuses: [PartialBenchStatus]
}

/// Reads the fields of the newest status (what a view of the arriving list shows); returns its index.
@inline(__always)
private func readNewest(_ timeline: PartialBenchTimeline) -> Int {
    let statuses = timeline.statuses
    guard let newest = statuses.last else { return -1 }
    consume(newest.id &+ newest.text.utf8.count &+ newest.screenName.utf8.count &+ newest.retweets &+ newest.favorites)
    return statuses.count - 1
}

/// The peers' method, written here: close what is open in the text so far (drop an unfinished
/// number, literal or key, end an unfinished string, close the open brackets) and parse all of it.
func closingBrackets(of text: [UInt8]) -> [UInt8] {
    var stack: [UInt8] = []
    var inString = false, escaped = false
    var stringStart = 0
    for (index, byte) in text.enumerated() {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true; stringStart = index
        case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"): stack.removeLast()
        default: break
        }
    }
    var closed = text
    if inString {
        // End the string where its last whole escape or character ends.
        var end = closed.count
        if let backslash = closed[stringStart...].lastIndex(of: UInt8(ascii: "\\")), closed.count - backslash < 6 { end = backslash }
        while end > stringStart + 1 && closed[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > stringStart + 1 && closed[end - 1] >= 0xC0 { end -= 1 }
        closed.removeSubrange(end...)
        closed.append(UInt8(ascii: "\""))
    }
    // Drop what cannot end a value: trailing whitespace, a dangling comma, a key without its value,
    // an unfinished number or literal.
    func trimWhitespace() { while let last = closed.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { closed.removeLast() } }
    trimWhitespace()
    if let last = closed.last, last != UInt8(ascii: "\""), last != UInt8(ascii: "}"), last != UInt8(ascii: "]"),
       last != UInt8(ascii: "{"), last != UInt8(ascii: "["), last != UInt8(ascii: ","), last != UInt8(ascii: ":") {
        while let last = closed.last, last != UInt8(ascii: ","), last != UInt8(ascii: ":"), last != UInt8(ascii: "["), last != UInt8(ascii: "{") {
            closed.removeLast()
        }
        trimWhitespace()
    }
    if closed.last == UInt8(ascii: ":") {
        closed.removeLast()
        trimWhitespace()
        // The key before the colon.
        if closed.last == UInt8(ascii: "\"") {
            closed.removeLast()
            while let last = closed.last, last != UInt8(ascii: "\"") { closed.removeLast() }
            closed.removeLast()
        }
        trimWhitespace()
    }
    if closed.last == UInt8(ascii: ",") { closed.removeLast() }
    if stack.last == UInt8(ascii: "}"), closed.last == UInt8(ascii: "\""), inString {
        // A string that is a key without its colon yet.
        var quote = closed.count - 2
        while quote >= 0 && closed[quote] != UInt8(ascii: "\"") { quote -= 1 }
        var before = quote - 1
        while before >= 0 && (closed[before] == 0x20 || closed[before] == 0x0A) { before -= 1 }
        if before >= 0 && (closed[before] == UInt8(ascii: "{") || closed[before] == UInt8(ascii: ",")) {
            closed.removeSubrange((closed[before] == UInt8(ascii: ",") ? before : quote)...)
        }
    }
    closed.append(contentsOf: stack.reversed())
    return closed
}

/// (14) A document that is still arriving: 50 KB of twitter.json's statuses fed in 16-byte
/// pieces, the newest status's fields read after each piece. Against one `init(parsing:)` of the
/// whole document and the same reads, and against the peers' method (close what is open in the
/// text so far and parse all of it again after each piece); peak memory against the document's bytes.
func partialScenario(budget: Budget, twitter: Data) -> [ResultRow] {
    guard let full = try? JSONDocument(data: twitter), let statuses = full.root.member("statuses") else {
        fatalError("twitter.json has no statuses")
    }
    var document = Array("{\"statuses\": [".utf8)
    var count = 0
    for element in statuses.elements where document.count < 50 * 1024 {
        if count > 0 { document += Array(",\n    ".utf8) }
        document += twitter[element.byteRange]
        count += 1
    }
    document += Array("]}".utf8)
    let pieceSize = 16
    let pieces = (document.count + pieceSize - 1) / pieceSize
    let rounds = max(3, budget.rounds / 3)

    var newest: [Int] = []
    func partial(recording: Bool = false) {
        let reply = WrapPartialDocument<PartialBenchTimeline>()
        let timeline = reply.model
        document.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = min(raw.count, start + pieceSize)
                try! reply.append(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                let index = readNewest(timeline)
                if recording { newest.append(index) }
                start = end
            }
        }
        try! reply.finish()
    }
    partial(recording: true)
    let bytes = Data(document)
    func whole() {
        let timeline = try! PartialBenchTimeline(parsing: bytes)
        let statuses = timeline.statuses
        for index in newest where index >= 0 {
            let status = statuses[index]
            consume(status.id &+ status.text.utf8.count &+ status.screenName.utf8.count &+ status.retweets &+ status.favorites)
        }
    }
    func peers() {
        var start = 0
        while start < document.count {
            let end = min(document.count, start + pieceSize)
            if let timeline = try? PartialBenchTimeline(parsing: Data(closingBrackets(of: Array(document[..<end])))) {
                _ = readNewest(timeline)
            }
            start = end
        }
    }

    var partialTimes: [Double] = [], wholeTimes: [Double] = [], peerTimes: [Double] = []
    for round in 0...rounds {
        let times = [Harness.time { partial() }, Harness.time(whole), round % 3 == 0 ? Harness.time(peers) : -1]
        guard round > 0 else { continue }
        partialTimes.append(times[0])
        wholeTimes.append(times[1])
        if times[2] >= 0 { peerTimes.append(times[2]) }
    }
    if peerTimes.isEmpty { peerTimes.append(Harness.time(peers)) }
    let size = "\(document.count / 1024) KB, \(count) statuses, \(pieces) pieces of \(pieceSize) bytes"
    let measure = Harness.summarise(partialTimes)
    var rows = [
        ResultRow(scenario: "(14) partial document (\(size)), the newest status read after each piece", wrapModel: measure,
                  baselineName: "init(parsing:) of the whole document and the same reads", baseline: Harness.summarise(wholeTimes), target: "<= 3x"),
        ResultRow(scenario: "(14) partial document (\(size)), the newest status read after each piece", wrapModel: measure,
                  baselineName: "closing the brackets and parsing the text so far after each piece", baseline: Harness.summarise(peerTimes),
                  target: "<= 0.02x"),
    ]

    // Peak memory: bytes allocated beyond what was allocated before, sampled after every piece.
    guard allocatedBytes() != nil else { return rows }
    let before = allocatedBytes()!
    var peak = 0
    do {
        let reply = WrapPartialDocument<PartialBenchTimeline>()
        document.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = min(raw.count, start + pieceSize)
                try! reply.append(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                _ = readNewest(reply.model)
                peak = max(peak, allocatedBytes()! - before)
                start = end
            }
        }
        try! reply.finish()
        peak = max(peak, allocatedBytes()! - before)
        consume(reply.model.statuses.count)
    }
    rows.append(ResultRow(scenario: "(14) peak memory of the partial document (\(document.count / 1024) KB) and its model", wrapModel: Measurement(median: Double(peak), minimum: Double(peak)),
                          baselineName: "the document's bytes", baseline: Measurement(median: Double(document.count), minimum: Double(document.count)),
                          target: "<= 1.5x", unit: .bytes))
    return rows
}
