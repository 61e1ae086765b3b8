import Dispatch
import Foundation
import Synchronization
import Testing
import WrapModel

// Seeded fuzzing of everything a model does with bytes from the network.
//
// Replay a failure with the seed and case it prints:
//   WRAPMODEL_FUZZ_SEED=<seed> WRAPMODEL_FUZZ_FIRST_CASE=<case> WRAPMODEL_FUZZ_CASES=1 \
//     swift test --filter ReliabilityFuzz
// More documents: WRAPMODEL_FUZZ_CORPUS=<directory or file of .json documents>.

/// The seed CI uses unless `WRAPMODEL_FUZZ_SEED` says otherwise.
let relDefaultFuzzSeed: UInt64 = 0x5EED_0010_2025
/// Cases per run unless `WRAPMODEL_FUZZ_CASES` says otherwise: 10,000 with
/// `WRAPMODEL_FULL_TESTS=1`, else 400 (a few seconds).
let relDefaultFuzzCases = TestScale.pick(reduced: 400, full: 10_000)

enum RelFuzzConfig {
    static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var seed: UInt64 {
        guard let text = environment("WRAPMODEL_FUZZ_SEED") else { return relDefaultFuzzSeed }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? relDefaultFuzzSeed }
        return UInt64(text) ?? relDefaultFuzzSeed
    }

    static var cases: Int { environment("WRAPMODEL_FUZZ_CASES").flatMap { Int($0) } ?? relDefaultFuzzCases }
    static var firstCase: Int { environment("WRAPMODEL_FUZZ_FIRST_CASE").flatMap { Int($0) } ?? 0 }
    /// Worker threads: `WRAPMODEL_FUZZ_WORKERS`, else one per processor (the cases do not depend on it).
    static var workers: Int {
        environment("WRAPMODEL_FUZZ_WORKERS").flatMap { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
    }
}

// MARK: - Seed documents

enum RelCorpus {
    /// Documents larger than this are fuzzed only in the large-document test.
    static let bulkLimit = 64 * 1024

    static func resource(_ name: String, subdirectory: String = "Resources") -> [UInt8]? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: subdirectory),
              let data = try? Data(contentsOf: url) else { return nil }
        return [UInt8](data)
    }

    /// The text of each top-level element of an array document (or of `statuses`), in order.
    static func elements(of bytes: [UInt8], path: [RelValueSpan.Step] = []) -> [[UInt8]] {
        RelValueIndexer.index(bytes)
            .filter { $0.path.count == path.count + 1 && Array($0.path.prefix(path.count)) == path && $0.kind == .object }
            .map { Array(bytes[$0.start..<$0.end]) }
    }

    static func family(of bytes: [UInt8]) -> RelSeed.Family {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return .other }
        if object["statuses"] != nil { return .timeline }
        if object["lines"] != nil || object["by_sku"] != nil { return .order }
        if object["actor"] != nil || object["payload"] != nil { return .event }
        if object["text"] != nil || object["user"] != nil || object["id_str"] != nil { return .tweet }
        return .other
    }

    static func isValidJSON(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
    }

    /// Small documents for the bulk of the cases: the bundled fuzz seeds, tweet.json, each
    /// github.json event, the first twitter.json statuses and a three-status timeline, plus any
    /// documents named by `WRAPMODEL_FUZZ_CORPUS`.
    static let bulk: [RelSeed] = {
        var seeds: [RelSeed] = []
        func add(_ name: String, _ bytes: [UInt8], _ family: RelSeed.Family? = nil) {
            guard bytes.count <= bulkLimit, isValidJSON(bytes) else { return }
            seeds.append(RelSeed(name: name, family: family ?? Self.family(of: bytes), bytes: bytes))
        }
        if let directory = Bundle.module.url(forResource: "Fuzz", withExtension: nil, subdirectory: "Resources"),
           let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            for name in names.sorted() where name.hasSuffix(".json") {
                if let data = try? Data(contentsOf: directory.appendingPathComponent(name)) { add("Fuzz/\(name)", [UInt8](data)) }
            }
        }
        if let tweet = resource("tweet") { add("tweet.json", tweet, .tweet) }
        if let github = resource("github") {
            for (index, event) in elements(of: github).enumerated() { add("github.json[\(index)]", event, .event) }
        }
        if let twitter = resource("twitter") {
            let statuses = elements(of: twitter, path: [.key("statuses")])
            for (index, status) in statuses.prefix(12).enumerated() { add("twitter.json statuses[\(index)]", status, .tweet) }
            if let meta = RelValueIndexer.index(twitter).first(where: { $0.path == [.key("search_metadata")] }) {
                let timeline = Array(#"{"statuses": ["#.utf8) + statuses.prefix(3).joined(separator: Array(", ".utf8))
                    + Array(#"], "search_metadata": "#.utf8) + twitter[meta.start..<meta.end] + Array("}".utf8)
                add("twitter.json (3 statuses)", timeline, .timeline)
            }
        }
        for (name, bytes) in external() { add(name, bytes) }
        return seeds
    }()

    /// Documents from `WRAPMODEL_FUZZ_CORPUS` (a file or a directory of `.json` files). Array
    /// documents contribute their first 50 object elements.
    static func external() -> [(String, [UInt8])] {
        guard let path = RelFuzzConfig.environment("WRAPMODEL_FUZZ_CORPUS") else { return [] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        let files = isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                .filter { $0.hasSuffix(".json") }.map { (path as NSString).appendingPathComponent($0) }
            : [path]
        var documents: [(String, [UInt8])] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let bytes = [UInt8](data)
            let name = (file as NSString).lastPathComponent
            if isValidJSON(bytes), bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
                for (index, element) in elements(of: bytes).prefix(50).enumerated() { documents.append(("\(name)[\(index)]", element)) }
            } else {
                documents.append((name, bytes))
            }
        }
        return documents
    }
}

// MARK: - Expected issues for a single replaced value

/// Which JSON shape a property at a path wants, for the type-swap check.
enum RelShape {
    case scalar(optional: Bool)
    case object(optional: Bool)
    case array(optional: Bool)
}

enum RelExpectations {
    static let product: [String: RelShape] = ["name": .scalar(optional: false), "tags": .array(optional: false)]
    static let line: [String: RelShape] = {
        var shapes: [String: RelShape] = ["sku": .scalar(optional: false), "price": .scalar(optional: false), "qty": .scalar(optional: true),
                                          "weights": .array(optional: false), "product": .object(optional: true)]
        for (key, shape) in product { shapes["product.\(key)"] = shape }
        return shapes
    }()
    static let customer: [String: RelShape] = ["name": .scalar(optional: false), "age": .scalar(optional: true),
                                               "joined": .scalar(optional: true), "referrer": .object(optional: true)]

    static let order: [String: RelShape] = {
        var shapes: [String: RelShape] = [
            "id": .scalar(optional: false), "parent_id": .scalar(optional: true), "discount": .scalar(optional: false),
            "total": .scalar(optional: false), "gift": .scalar(optional: false), "count": .scalar(optional: true),
            "ratio": .scalar(optional: true), "code": .scalar(optional: false), "alt_code": .scalar(optional: true),
            "title": .scalar(optional: false), "note": .scalar(optional: true), "secret": .scalar(optional: false),
            "meta": .object(optional: false), "extra": .object(optional: true), "status": .scalar(optional: false),
            "prior_status": .scalar(optional: true), "channel_status": .scalar(optional: true),
            "placed": .scalar(optional: true), "shipped_on": .scalar(optional: true), "updated": .scalar(optional: true),
            "stamp": .scalar(optional: true), "customer": .object(optional: true), "lines": .array(optional: false),
            "returns": .array(optional: true), "by_sku": .object(optional: false), "warehouses": .object(optional: true),
            "edges": .array(optional: false), "groups": .object(optional: false), "ints": .array(optional: false),
            "opt_ints": .array(optional: true), "doubles": .array(optional: false), "raw_lines": .array(optional: false),
            "pref_email": .scalar(optional: false), "pref_level": .scalar(optional: true),
            "shipping.address.city": .scalar(optional: true), "shipping.address.zip": .scalar(optional: false),
            "classic.count": .scalar(optional: false), "classic.name": .scalar(optional: true),
        ]
        for (key, shape) in customer { shapes["customer.\(key)"] = shape; shapes["customer.referrer.\(key)"] = shape }
        for (key, shape) in line {
            shapes["lines[].\(key)"] = shape
            shapes["returns[].\(key)"] = shape
            shapes["by_sku.A1.\(key)"] = shape
            shapes["by_sku.B2.\(key)"] = shape
            shapes["groups.big[].\(key)"] = shape
        }
        for (key, shape) in product { shapes["warehouses.north.\(key)"] = shape; shapes["edges[].node.item.\(key)"] = shape }
        return shapes
    }()

    static let twitterUser: [String: RelShape] = [
        "id": .scalar(optional: false), "screen_name": .scalar(optional: false), "followers_count": .scalar(optional: false),
        "verified": .scalar(optional: false), "utc_offset": .scalar(optional: true), "lang": .scalar(optional: true),
        "statuses_count": .scalar(optional: true), "created_at": .scalar(optional: true),
    ]
    static let tweet: [String: RelShape] = {
        var shapes: [String: RelShape] = [
            "id": .scalar(optional: false), "id_str": .scalar(optional: false), "text": .scalar(optional: false),
            "truncated": .scalar(optional: false), "retweet_count": .scalar(optional: true),
            "in_reply_to_user_id": .scalar(optional: true), "created_at": .scalar(optional: true),
            "user": .object(optional: true), "entities.user_mentions": .array(optional: false),
            "entities.user_mentions[].indices": .array(optional: false), "entities.user_mentions[].screen_name": .scalar(optional: false),
            "entities.user_mentions[].id": .scalar(optional: false), "entities.hashtags": .array(optional: false),
            "coordinates": .object(optional: true), "retweeted_status": .object(optional: true),
        ]
        for (key, shape) in twitterUser { shapes["user.\(key)"] = shape }
        for (key, shape) in shapes where !key.hasPrefix("retweeted_status") { shapes["retweeted_status.\(key)"] = shape }
        return shapes
    }()
    static let event: [String: RelShape] = [
        "id": .scalar(optional: false), "public": .scalar(optional: false), "created_at": .scalar(optional: true),
        "actor": .object(optional: true), "actor.id": .scalar(optional: false), "actor.login": .scalar(optional: false),
        "actor.gravatar_id": .scalar(optional: true), "repo.id": .scalar(optional: true), "repo.name": .scalar(optional: false),
        "payload": .object(optional: false), "payload.size": .scalar(optional: true), "payload.commits": .array(optional: false),
        "payload.commits[].sha": .scalar(optional: false), "payload.commits[].message": .scalar(optional: false),
        "payload.commits[].distinct": .scalar(optional: false),
    ]

    static func shape(for span: RelValueSpan, family: RelSeed.Family) -> RelShape? {
        switch family {
        case .order: return order[span.pattern]
        case .tweet: return tweet[span.pattern]
        case .event: return event[span.pattern]
        case .timeline:
            let pattern = span.pattern
            guard pattern.hasPrefix("statuses[].") else { return pattern == "statuses" ? .array(optional: false) : nil }
            return tweet[String(pattern.dropFirst("statuses[].".count))]
        case .other: return nil
        }
    }

    /// The issue `validate()` must report when `span` is replaced by a value of `newKind`, if any:
    /// (key path, must be `.missing`).
    static func expectedIssue(for span: RelValueSpan, newKind: RelValueSpan.Kind, family: RelSeed.Family) -> (String, Bool)? {
        guard let shape = shape(for: span, family: family) else { return nil }
        let isContainer = newKind == .object || newKind == .array
        switch (shape, newKind) {
        case (.scalar(optional: false), .null), (.object(optional: false), .null), (.array(optional: false), .null):
            return (span.keyPath, true)
        case (_, .null):
            return nil
        case (.scalar, _):
            return isContainer ? (span.keyPath, false) : nil
        case (.object, _):
            return newKind == .object ? nil : (span.keyPath, false)
        case (.array, _):
            return newKind == .array ? nil : (span.keyPath, false)
        }
    }
}

// MARK: - One case

/// Runs every initialiser, read, validation and output on one document and collects what went wrong.
struct RelCaseRunner {
    let bytes: [UInt8]
    let data: Data
    let family: RelSeed.Family
    let mutation: RelMutation
    /// The case number: picks the output options and format this case writes.
    var rotation = 0
    var failures: [String] = []
    var stats = RelFuzzStats()

    /// The package's own parse, and Foundation's, computed once per case.
    let wrapParse: Result<Any, WrapModelError>
    let foundationObject: [String: Any]?

    init(bytes: [UInt8], family: RelSeed.Family, mutation: RelMutation) {
        self.bytes = bytes
        self.data = Data(bytes)
        self.family = family
        self.mutation = mutation
        let data = self.data
        wrapParse = Result { () throws(WrapModelError) in try WrapJSON.parse(data) }
        foundationObject = (try? JSONSerialization.jsonObject(with: data, options: [])) as? [String: Any]
    }

    mutating func fail(_ message: String) { failures.append(message) }

    mutating func run() {
        if case .failure(let error) = wrapParse {
            stats.rejected += 1
            guard case .malformedJSON = error else { return fail("WrapJSON.parse threw \(error), not malformedJSON") }
        }
        switch family {
        case .order: exercise(RelOrder.self, full: true); exercise(RelTweet.self, full: false)
        case .tweet: exercise(RelTweet.self, full: true); exercise(RelOrder.self, full: false)
        case .event: exercise(RelEvent.self, full: true); exercise(RelOrder.self, full: false)
        case .timeline: exercise(RelTimeline.self, full: true); exercise(RelTweet.self, full: false)
        case .other:
            exercise(RelOrder.self, full: true); exercise(RelTweet.self, full: true)
            exercise(RelEvent.self, full: true); exercise(RelTimeline.self, full: true)
        }
    }

    /// Every initialiser of `M` on the case's document, and everything on each model made.
    mutating func exercise<M: RelRootModel>(_ modelType: M.Type, full: Bool) {
        let name = String(describing: M.self)
        let data = self.data
        let parsed = Result { () throws(WrapModelError) in try M.relParsing(data, mutable: false, strict: false) }
        let optional = M.relJSONData(data)

        // The initialisers agree with each other and with WrapJSON.parse.
        if (optional == nil) != (parsed.isFailure) {
            fail("\(name): init?(jsonData:) returned \(optional == nil ? "nil" : "a model") but init(parsing:) \(parsed.isFailure ? "threw" : "succeeded")")
        }
        switch (wrapParse, parsed) {
        case (.success(let value), .failure(let error)):
            if value is [String: Any] {
                fail("\(name): init(parsing:) threw \(error) for a document WrapJSON.parse reads as an object")
            } else if case .notAnObject = error {} else {
                fail("\(name): init(parsing:) threw \(error) for a non-object root, expected notAnObject")
            }
        case (.success(let value), .success):
            if !(value is [String: Any]) { fail("\(name): init(parsing:) accepted a root WrapJSON.parse reads as \(type(of: value))") }
        case (.failure(let expected), .failure(let error)):
            if error != expected { fail("\(name): init(parsing:) threw \(error), WrapJSON.parse threw \(expected)") }
        case (.failure(let expected), .success):
            fail("\(name): init(parsing:) accepted a document WrapJSON.parse rejects with \(expected)")
        }

        if full {
            if let text = String(data: data, encoding: .utf8) {
                let fromString = M.relJSON(text)
                if (fromString == nil) != (optional == nil) { fail("\(name): init?(json:) and init?(jsonData:) disagree on valid UTF-8") }
                if let fromString { stats.reads += fromString.touchAll().reads }
                let viaString = Result { () throws(WrapModelError) in try M.relParsing(text) }
                if viaString.isFailure != parsed.isFailure { fail("\(name): init(parsing: String) and init(parsing: Data) disagree") }
            } else {
                // Invalid UTF-8 must never be accepted as JSON.
                if optional != nil { fail("\(name): init?(jsonData:) accepted bytes that are not UTF-8") }
                // The repaired text (U+FFFD for bad bytes) must at least not trap.
                if let repaired = M.relJSON(String(decoding: bytes, as: UTF8.self)) { stats.reads += repaired.touchAll().reads }
            }
        }

        guard case .success(let model) = parsed else {
            if full, case .failure(let error) = parsed {
                let strict = Result { () throws(WrapModelError) in try M.relParsing(data, mutable: false, strict: true) }
                if case .failure(let strictError) = strict, strictError == error {} else {
                    fail("\(name): strict parsing gave \(strict) where non-strict threw \(error)")
                }
            }
            return
        }
        stats.models += 1
        stats.reads += model.touchAll().reads
        let issues = model.validate()
        stats.issues += issues.count
        // Reading does not change what validate() reports.
        if model.validate() != issues { fail("\(name): validate() changed after reading every property") }

        if full {
            checkStrict(M.self, issues: issues)
            checkExpectedIssue(M.self, issues: issues)
            checkOutput(model, name: name)
            checkCopies(model, name: name)
            checkNative(model, issues: issues, name: name)
            if let foundationObject {
                let fromFoundation = M(data: foundationObject, mutable: false)
                stats.reads += fromFoundation.touchAll().reads
                _ = fromFoundation.validate()
                _ = fromFoundation.currentModelData(withNulls: true)
                _ = try? fromFoundation.jsonData(options: [.keepUnmodeledKeys, .withNulls, .sortedKeys])
            }
        } else {
            _ = model.currentModelData(withNulls: true, forOutput: true)
            _ = try? model.jsonData(options: [.keepUnmodeledKeys, .sortedKeys])
        }
    }

    /// Strict mode throws exactly the first non-missing issue `validate()` reports.
    mutating func checkStrict<M: RelRootModel>(_ modelType: M.Type, issues: [WrapModelIssue]) {
        let data = self.data
        let strict = Result { () throws(WrapModelError) in try M.relParsing(data, mutable: false, strict: true) }
        let firstInvalid = issues.first { $0.kind != .missing }
        switch (strict, firstInvalid) {
        case (.success, nil): break
        case (.failure(.invalidValue(let issue)), let expected?) where issue == expected: stats.strictRejections += 1
        default: fail("\(M.self): strict parsing gave \(strict), expected \(firstInvalid.map { "invalidValue(\($0))" } ?? "a model")")
        }
    }

    /// A value replaced by one of a shape the property cannot read is reported at its key path.
    mutating func checkExpectedIssue<M: RelRootModel>(_ modelType: M.Type, issues: [WrapModelIssue]) {
        guard let (span, newKind) = mutation.typeSwap,
              let (keyPath, missing) = RelExpectations.expectedIssue(for: span, newKind: newKind, family: family) else { return }
        stats.exactChecks += 1
        let found = issues.contains { $0.keyPath == keyPath && (missing ? $0.kind == .missing : $0.kind != .missing) }
        if !found {
            fail("\(M.self): replacing \(keyPath) by a \(newKind) value must be reported as \(missing ? "missing" : "an invalid value"); validate() gave \(issues.map(\.description))")
        }
    }

    static let allOptions: [WrapOutputOptions] = (0..<32).map { WrapOutputOptions(rawValue: $0) }

    mutating func checkOutput<M: RelRootModel>(_ model: M, name: String) {
        for withNulls in [false, true] {
            for forOutput in [false, true] { _ = model.currentModelData(withNulls: withNulls, forOutput: forOutput) }
        }
        _ = model.currentModelDataAsJSON(withNulls: true)
        _ = model.description
        // Four of the 32 option combinations per case, in turn: every 8 cases write all of them.
        for options in Self.allOptions[(rotation % 8) * 4..<(rotation % 8) * 4 + 4] {
            do {
                let json = try model.jsonData(options: options)
                stats.outputs += 1
                // What the writer writes, the reader reads.
                do {
                    guard try WrapJSON.parse(json) is [String: Any] else { return fail("\(name): jsonData(\(options.rawValue)) is not an object") }
                } catch {
                    fail("\(name): jsonData(options: \(options.rawValue)) wrote JSON WrapJSON.parse rejects: \(error)")
                }
            } catch {
                stats.unencodable += 1
                guard case .unencodable = error else { return fail("\(name): jsonData threw \(error)") }
            }
        }
        for format in [WrapDataFormat.allCases[rotation % WrapDataFormat.allCases.count]] {
            do {
                let stored = try model.data(format: format)
                stats.outputs += 1
                do {
                    let back = try M.read(from: stored, format: format)
                    stats.reads += back.touchAll().reads
                    // Storing what was read back stores the same thing again (JSON: byte for byte).
                    if format == .json {
                        let first = try model.data(format: .json, prettyPrinted: true)
                        let again = try back.data(format: .json, prettyPrinted: true)
                        if first != again {
                            fail("\(name): storing the model read back from data(format: .json) gives different data:\n  \(String(decoding: first.prefix(300), as: UTF8.self))\n  \(String(decoding: again.prefix(300), as: UTF8.self))")
                        }
                    }
                } catch {
                    fail("\(name): read(from:format: \(format)) cannot read what data(format:) wrote: \(error)")
                }
            } catch {
                stats.unencodable += 1
            }
        }
    }

    mutating func checkCopies<M: RelRootModel>(_ model: M, name: String) {
        if let copied = model.copy() as? M, ObjectIdentifier(copied) != ObjectIdentifier(model) { fail("\(name): copy() of an immutable model is not the model itself") }
        guard let mutable = model.mutableCopy() as? M else { return fail("\(name): mutableCopy() is not a \(name)") }
        if !mutable.isMutable { fail("\(name): mutableCopy() is immutable") }
        stats.reads += mutable.touchAll().reads
        if !mutable.isEqualToModel(model: model) { fail("\(name): mutableCopy() is not equal to its source") }
        let frozen = mutable.copy() as? M
        if frozen?.isMutable != false || frozen?.isEqualToModel(model: model) != true { fail("\(name): copy() of a mutable copy differs") }
        mutable.clearMutations()
        stats.reads += mutable.touchAll().reads
        if !mutable.isEqualToModel(model: model) { fail("\(name): clearMutations() on an unmodified copy changed it") }
    }

    /// The same document given as a dictionary (WrapJSON.parse) reads and validates alike.
    mutating func checkNative<M: RelRootModel>(_ model: M, issues: [WrapModelIssue], name: String) {
        guard case .success(let value) = wrapParse, let object = value as? [String: Any] else { return }
        let native = M(data: object, mutable: false)
        stats.reads += native.touchAll().reads
        let nativeIssues = native.validate()
        if nativeIssues != issues {
            fail("\(name): validate() differs between init(data:) and init(parsing:): \(nativeIssues.map(\.description)) vs \(issues.map(\.description))")
        }
        let lhs = canonical(native.currentModelData(withNulls: true))
        let rhs = canonical(model.currentModelData(withNulls: true))
        if lhs != rhs { fail("\(name): currentModelData differs between init(data:) and init(parsing:):\n  \(lhs.prefix(400))\n  \(rhs.prefix(400))") }
    }
}

struct RelFuzzStats {
    var cases = 0, rejected = 0, models = 0, reads = 0, issues = 0, outputs = 0, unencodable = 0
    var strictRejections = 0, exactChecks = 0

    mutating func add(_ other: RelFuzzStats) {
        cases += other.cases; rejected += other.rejected; models += other.models; reads += other.reads
        issues += other.issues; outputs += other.outputs; unencodable += other.unencodable
        strictRejections += other.strictRejections; exactChecks += other.exactChecks
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { true } else { false } }
}

// MARK: - The tests

extension ReliabilityTests {
    @Suite("Reliability: Fuzzing")
    struct ReliabilityFuzzTests {
        @Test("Every seed document is valid and reads without issues where it matches its model")
        func seedsAreClean() throws {
            let seeds = RelCorpus.bulk
            #expect(seeds.count >= 20)
            for seed in seeds where seed.name.hasPrefix("Fuzz/order") {
                let order = try RelOrder(parsing: Data(seed.bytes))
                #expect(order.validate() == [], "\(seed.name)")
            }
        }

        @Test("Mutated real documents never trap and bad data is reported")
        func fuzz() throws {
            let seed = RelFuzzConfig.seed
            let first = RelFuzzConfig.firstCase
            let count = RelFuzzConfig.cases
            let seeds = RelCorpus.bulk
            try #require(!seeds.isEmpty)
            RelCrashNote.install()
            defer { RelCrashNote.clear() }
            // Cases are independent (each has its own generator), so workers split them by stride.
            let workers = max(1, min(RelCrashNote.slots, RelFuzzConfig.workers))
            let results = Mutex<(stats: RelFuzzStats, failures: [(Int, String)], failedCases: Int)>((RelFuzzStats(), [], 0))
            let started = Date()
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var stats = RelFuzzStats()
                var failures: [(Int, String)] = []
                var failedCases = 0
                for caseNumber in stride(from: first + worker, to: first + count, by: workers) {
                    var random = RelRandom(seed: seed, caseNumber: caseNumber)
                    let source = seeds[random.below(seeds.count)]
                    let (bytes, mutation) = RelMutator.mutate(source, random: &random)
                    let header = "WRAPMODEL_FUZZ_SEED=\(seed) WRAPMODEL_FUZZ_FIRST_CASE=\(caseNumber) WRAPMODEL_FUZZ_CASES=1 (seed document \(source.name); \(mutation.steps.joined(separator: "; ")))"
                    RelCrashNote.set(slot: worker, header: header, document: bytes)
                    var runner = RelCaseRunner(bytes: bytes, family: source.family, mutation: mutation)
                    runner.rotation = caseNumber
                    runner.run()
                    runner.stats.cases = 1
                    stats.add(runner.stats)
                    guard !runner.failures.isEmpty else { continue }
                    failedCases += 1
                    if failures.count < 25 {
                        let file = FileManager.default.temporaryDirectory
                            .appendingPathComponent("wrapmodel-fuzz-\(seed)-\(caseNumber).json")
                        try? Data(bytes).write(to: file)
                        failures.append((caseNumber, """
                            fuzz case failed — replay with \(header)
                            document: \(file.path)
                            \(runner.failures.prefix(5).joined(separator: "\n"))
                            """))
                    }
                }
                results.withLock {
                    $0.stats.add(stats)
                    $0.failures += failures
                    $0.failedCases += failedCases
                }
            }
            let seconds = Date().timeIntervalSince(started)
            let (stats, failures, failedCases) = results.withLock { $0 }
            for (_, message) in failures.sorted(by: { $0.0 < $1.0 }).prefix(25) { Issue.record(Comment(rawValue: message)) }
            print("""
                WrapModel fuzz: seed \(seed), cases \(first)..<\(first + count), \(seeds.count) seed documents, \(workers) workers, \
                \(String(format: "%.1f", seconds)) s, \(TestScale.label); rejected as malformed \(stats.rejected), models \(stats.models), \
                property reads \(stats.reads), issues \(stats.issues), strict rejections \(stats.strictRejections), \
                exact type-swap checks \(stats.exactChecks), outputs \(stats.outputs), unencodable \(stats.unencodable), \
                failing cases \(failedCases)
                """)
            #expect(failedCases == 0)
            #expect(stats.cases == count)
            // A run whose documents were all refused (or all accepted) checked one side only. A
            // replay of a few cases has no floor.
            if count >= 100 {
                #expect(stats.models >= count / 4, "only \(stats.models) models from \(count) cases")
                #expect(stats.rejected >= count / 20, "only \(stats.rejected) of \(count) cases rejected")
            }
        }

        @Test("Large real documents (twitter.json, github.json, simple_object.json, truenull.json) with byte mutations")
        func largeDocuments() throws {
            var random = RelRandom(seed: RelFuzzConfig.seed, caseNumber: -1)
            for name in ["twitter", "github", "simple_object", "truenull"] {
                let original = try #require(RelCorpus.resource(name))
                var documents = [original]
                // Three byte-mutated variants with WRAPMODEL_FULL_TESTS=1, else one.
                for _ in 0..<TestScale.pick(reduced: 1, full: 3) {
                    var bytes = original
                    switch random.below(3) {
                    case 0: bytes.removeSubrange(random.below(bytes.count)...)
                    case 1: bytes[random.below(bytes.count)] ^= 0x20
                    default: bytes.insert(contentsOf: random.pick(RelMutator.invalidUTF8), at: random.below(bytes.count))
                    }
                    documents.append(bytes)
                }
                for (index, bytes) in documents.enumerated() {
                    var runner = RelCaseRunner(bytes: bytes, family: name == "twitter" ? .timeline : .other, mutation: RelMutation())
                    runner.rotation = index
                    runner.run()
                    #expect(runner.failures.isEmpty, "\(name).json variant \(index): \(runner.failures.prefix(3))")
                }
            }
        }
    }
}
