import Foundation
import WrapModel

// (13) A server's request loop: a gateway receives a status (one of twitter.json's 100, 2–7 KB of
// compact JSON), parses it into a model, reads five fields, writes one and forwards the body,
// on one thread and on two. Two threads share nothing but the model class (each has request
// bodies of its own), so a reference count that every model of a class touches (its class table,
// descriptors, codecs) shows here as lost scaling.

/// A status as the gateway declares it.
final class RequestStatus: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("text") var text: String
    @Property("lang") var lang: String
    @Property("favorite_count") var favorites: Int
    @MutProperty("retweet_count") var retweets: Int
}

/// The same five fields as a `Codable` struct (which drops every other key of the status).
struct CodableRequestStatus: Codable {
    let id: Int
    let text: String
    let lang: String
    let favorite_count: Int
    var retweet_count: Int
}

/// One request: parse, read five fields, write one, the body to forward.
@inline(never) func handleRequest(_ body: Data) -> Int {
    guard let status = RequestStatus(jsonData: body, mutable: true) else { return 0 }
    var total = status.id &+ status.text.utf8.count &+ status.lang.utf8.count &+ status.favorites
    status.retweets = status.retweets &+ 1
    total &+= (try? status.jsonData(options: [.keepUnmodeledKeys]))?.count ?? 0
    return total
}

/// The same request with `JSONDecoder` and `JSONEncoder`.
@inline(never) func handleRequest(_ body: Data, decoder: JSONDecoder, encoder: JSONEncoder) -> Int {
    guard var status = try? decoder.decode(CodableRequestStatus.self, from: body) else { return 0 }
    var total = status.id &+ status.text.utf8.count &+ status.lang.utf8.count &+ status.favorite_count
    status.retweet_count = status.retweet_count &+ 1
    total &+= (try? encoder.encode(status))?.count ?? 0
    return total
}

extension Scenarios {
    /// The 100 statuses of twitter.json, each as the compact JSON a client would send.
    func statusBodies() -> [Data] {
        guard let timeline = PostBackTimeline(jsonData: Self.minified(twitter)) else { return [] }
        return timeline.statuses.compactMap { try? $0.jsonData(options: [.keepUnmodeledKeys]) }
    }

    /// (13) Requests per second, one thread and two, against `JSONDecoder` + `JSONEncoder`.
    func serverRequests() -> [ResultRow] {
        let bodies = statusBodies()
        guard !bodies.isEmpty else { return [] }
        // Each thread gets bodies of its own, as a server's requests are: a model keeps its body,
        // so bodies shared by both threads would add a reference count that only the benchmark
        // shares.
        let bodiesPerThread = [bodies, bodies.map { Data(Array($0)) }]
        let passes = max(1, 20 / budget.scale)
        let requests = passes * bodies.count
        @Sendable func wrapModel(_ thread: Int) -> Int {
            var total = 0
            for _ in 0..<passes { for body in bodiesPerThread[thread] { total &+= handleRequest(body) } }
            return total
        }
        @Sendable func codable(_ thread: Int) -> Int {
            let decoder = JSONDecoder(), encoder = JSONEncoder()
            var total = 0
            for _ in 0..<passes { for body in bodiesPerThread[thread] { total &+= handleRequest(body, decoder: decoder, encoder: encoder) } }
            return total
        }
        let (oneThread, codableOneThread) = Harness.compare(rounds: budget.rounds, operations: requests, {
            consume(wrapModel(0))
        }, {
            consume(codable(0))
        })
        // Two threads, each running the whole loop over its own bodies: time per request is the
        // wall time over both threads' requests.
        let (twoThreads, codableTwoThreads) = Harness.compare(rounds: budget.rounds, operations: 2 * requests, {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in consume(wrapModel(thread)) }
        }, {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in consume(codable(thread)) }
        })
        return [
            ResultRow(scenario: "(13) request loop: parse a status, read 5 fields, write 1, jsonData(); 1 thread, per request",
                      wrapModel: oneThread, baselineName: "JSONDecoder + JSONEncoder, 1 thread", baseline: codableOneThread,
                      target: "informational"),
            ResultRow(scenario: "(13) the same, 2 threads: time per request (ratio = 1 / scaling)", wrapModel: twoThreads,
                      baselineName: "WrapModel, 1 thread", baseline: oneThread, target: "<= 0.54x (>= 1.85x throughput)"),
            ResultRow(scenario: "(13) JSONDecoder + JSONEncoder, 2 threads: time per request (ratio = 1 / scaling)",
                      wrapModel: codableTwoThreads, baselineName: "JSONDecoder + JSONEncoder, 1 thread",
                      baseline: codableOneThread, target: "informational"),
        ]
    }
}
