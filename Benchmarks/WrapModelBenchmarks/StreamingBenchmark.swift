import Foundation
import WrapModel

/// `document` handed out in `chunkSize` pieces, each copied into its own `Data` as a network
/// read delivers it, made only when asked for.
struct BenchChunks: Sequence {
    let document: Data
    let chunkSize: Int

    func makeIterator() -> AnyIterator<Data> {
        var start = 0
        let document = self.document
        let chunkSize = self.chunkSize
        return AnyIterator {
            guard start < document.count else { return nil }
            let end = Swift.min(document.count, start + chunkSize)
            defer { start = end }
            return document.subdata(in: start..<end)
        }
    }
}

/// (12) Streaming: twitter statuses as a top-level array and as JSON Lines, at least 100 MB
/// (a tenth with --quick), generated in memory and streamed in 64 KB chunks. Throughput against
/// creating the same models from the whole document in one buffer (`importModels(from:)`) and
/// against `JSONDecoder` decoding `[Status]` from it; peak memory against the whole document's.
/// Every side reads each status's `id`, so each model is created and touched once.
func streamingScenario(budget: Budget, twitter: Data) -> [ResultRow] {
    guard let timeline = try? JSONSerialization.jsonObject(with: twitter) as? [String: Any],
          let statuses = timeline["statuses"] as? [Any] else { fatalError("twitter.json has no statuses") }
    let texts = statuses.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
    let target = 100 * 1024 * 1024 / budget.scale
    var array = Data("[".utf8)
    var lines = Data()
    var count = 0
    while array.count < target {
        for text in texts {
            if count > 0 { array.append(contentsOf: ",\n".utf8) }
            array.append(contentsOf: text.utf8)
            lines.append(contentsOf: text.utf8)
            lines.append(0x0A)
            count += 1
        }
    }
    array.append(contentsOf: "]".utf8)
    let megabytes = array.count / (1024 * 1024)
    let chunkSize = 64 * 1024
    let rounds = max(3, budget.rounds / 5)
    let decoder = JSONDecoder()

    func streamed(_ document: Data, format: WrapStreamFormat) {
        let reader = TwitterStatus.models(streaming: BenchChunks(document: document, chunkSize: chunkSize), format: format)
        var seen = 0
        while let status = try! reader.next() {
            consume(status.id)
            seen += 1
        }
        precondition(seen == count)
    }
    func whole() {
        let models = try! TwitterStatus.importModels(from: array)
        for status in models { consume(status.id) }
        precondition(models.count == count)
    }
    func decoded() {
        let models = try! decoder.decode([CodableStatus].self, from: array)
        for status in models { consume(status.id) }
        precondition(models.count == count)
    }

    var streamArray: [Double] = [], streamLines: [Double] = [], wholeTimes: [Double] = [], decoderTimes: [Double] = []
    for round in 0...rounds {
        let times = [Harness.time { streamed(array, format: .array) }, Harness.time { streamed(lines, format: .jsonLines) },
                     Harness.time(whole), Harness.time(decoded)]
        guard round > 0 else { continue }   // round 0 warms up
        streamArray.append(times[0]); streamLines.append(times[1]); wholeTimes.append(times[2]); decoderTimes.append(times[3])
    }

    var rows: [ResultRow] = []
    let size = "\(megabytes) MB, \(count) statuses"
    let wholeMeasure = Harness.summarise(wholeTimes)
    let decoderMeasure = Harness.summarise(decoderTimes)
    for (name, samples) in [("top-level array", streamArray), ("JSON Lines", streamLines)] {
        let measure = Harness.summarise(samples)
        rows.append(ResultRow(scenario: "(12) stream \(name) (\(size)) in 64 KB chunks", wrapModel: measure,
                              baselineName: "importModels(from:) of the whole array document", baseline: wholeMeasure, target: "<= 1.25x (>= 0.8x throughput)"))
        rows.append(ResultRow(scenario: "(12) stream \(name) (\(size)) in 64 KB chunks", wrapModel: measure,
                              baselineName: "JSONDecoder [Status] of the whole array document", baseline: decoderMeasure, target: "< 1x"))
    }

    // Peak memory: bytes allocated beyond what was allocated before (the generated documents
    // are not counted for the streams, whose chunks are copied out of them one at a time; the
    // whole-document side needs its document, which is counted).
    guard allocatedBytes() != nil else { return rows }
    func streamedPeak(_ document: Data, format: WrapStreamFormat) -> Double {
        let before = allocatedBytes()!
        var peak = 0
        let reader = TwitterStatus.models(streaming: BenchChunks(document: document, chunkSize: chunkSize), format: format)
        var seen = 0
        while let status = try! reader.next() {
            consume(status.id)
            seen += 1
            if seen % 64 == 0 { peak = max(peak, allocatedBytes()! - before) }
        }
        return Double(peak)
    }
    let before = allocatedBytes()!
    let models = try! TwitterStatus.importModels(from: array)
    for status in models { consume(status.id) }
    let wholePeak = Double(array.count + allocatedBytes()! - before)
    consume(models.count)
    for (name, document, format) in [("top-level array", array, WrapStreamFormat.array), ("JSON Lines", lines, .jsonLines)] {
        let peak = streamedPeak(document, format: format)
        rows.append(ResultRow(scenario: "(12) peak memory streaming \(name) (\(megabytes) MB)", wrapModel: Measurement(median: peak, minimum: peak),
                              baselineName: "the whole document and its models", baseline: Measurement(median: wholePeak, minimum: wholePeak),
                              target: "bounded by chunk + element", unit: .bytes))
    }
    return rows
}
