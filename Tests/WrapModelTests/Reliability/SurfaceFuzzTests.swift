import Dispatch
import Foundation
import Synchronization
import Testing
import WrapModel

// Seeded fuzzing of the whole public surface (SurfaceCaseRunner.swift) with documents shaped like
// the surface fixtures (SurfaceGenerator.swift) and mutants of the bundled documents.
//
// Replay a failure with the line it prints:
//   WRAPMODEL_FUZZ_SEED=<seed> WRAPMODEL_FUZZ_FIRST_CASE=<case> WRAPMODEL_FUZZ_CASES=1 \
//     swift test --filter ReliabilitySurface
// The same variables as the JSON fuzzing; without WRAPMODEL_FUZZ_CASES it runs 200 cases, or
// 20,000 with WRAPMODEL_FULL_TESTS=1.

/// One surface case: its document, which fixture reads it, and how it was made.
struct SurfCase {
    let bytes: [UInt8]
    let models: [any RelRootModel.Type]
    let origin: String

    static func make(seed: UInt64, caseNumber: Int, seeds: [RelSeed]) -> SurfCase {
        var random = RelRandom(seed: seed ^ 0x5_0FAC_E000, caseNumber: caseNumber)
        switch random.below(100) {
        case 0..<55:
            let (bytes, steps) = SurfGenerator.document(keys: SurfGenerator.rootKeys, random: &random)
            return SurfCase(bytes: bytes, models: [SurfRoot.self], origin: "generated SurfRoot document; " + steps.joined(separator: "; "))
        case 55..<65:
            let (bytes, steps) = SurfGenerator.document(keys: SurfGenerator.overlapKeys, random: &random)
            return SurfCase(bytes: bytes, models: [SurfOverlap.self], origin: "generated SurfOverlap document; " + steps.joined(separator: "; "))
        default:
            let source = seeds[random.below(seeds.count)]
            let (bytes, mutation) = RelMutator.mutate(source, random: &random)
            let models: [any RelRootModel.Type]
            switch source.family {
            case .order: models = [RelOrder.self]
            case .tweet: models = [RelTweet.self]
            case .event: models = [RelEvent.self]
            case .timeline: models = [RelTimeline.self]
            case .other: models = [RelOrder.self, SurfRoot.self]
            }
            return SurfCase(bytes: bytes, models: models, origin: "\(source.name); " + mutation.steps.joined(separator: "; "))
        }
    }
}

extension Array where Element == String {
    /// The elements without repeats, in first-seen order.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}

extension SurfCaseRunner {
    /// Runs every check of `models` on `bytes`.
    static func check(_ bytes: [UInt8], models: [any RelRootModel.Type], rotation: Int = 0) -> SurfCaseRunner {
        var runner = SurfCaseRunner(bytes: bytes, rotation: rotation)
        for model in models { runner.run(model) }
        return runner
    }

    /// The failures of one property on a named document, for the regression tests: run at every
    /// rotation that exercises the property (output options, round trip, collection format).
    static func failures(of property: SurfProperty, _ json: String, _ models: [any RelRootModel.Type]) -> [String] {
        let rotations: [Int]
        switch property {
        case .archive: rotations = [0]
        case .codableJSON, .codablePlist: rotations = [1]
        case .persistence: rotations = [2, 5, 8]
        case .validOutput, .layoutOnly, .outputErrors, .outputMatchesTree: rotations = Array(0..<8)
        default: rotations = [0]
        }
        return rotations.flatMap { rotation in
            check(Array(json.utf8), models: models, rotation: rotation).failures.filter { $0.0 == property }.map(\.1)
        }.uniqued()
    }
}

extension ReliabilityTests {
    @Suite("Reliability: Surface fuzzing")
    struct ReliabilitySurfaceTests {
        static var defaultCases: Int { TestScale.pick(reduced: 200, full: 20_000) }

        @Test("Every initialiser, output option, copy, archive, Codable and persistence format on generated and mutated documents")
        func surface() throws {
            let seed = RelFuzzConfig.seed
            let first = RelFuzzConfig.firstCase
            let count = RelFuzzConfig.environment("WRAPMODEL_FUZZ_CASES").flatMap { Int($0) } ?? Self.defaultCases
            let seeds = RelCorpus.bulk
            try #require(!seeds.isEmpty)
            RelCrashNote.install()
            defer { RelCrashNote.clear() }
            let workers = max(1, min(RelCrashNote.slots, RelFuzzConfig.workers))
            typealias Finding = (count: Int, firstCase: Int, message: String)
            let results = Mutex<(stats: SurfStats, findings: [SurfProperty: Finding], failedCases: Int)>((SurfStats(), [:], 0))
            let started = Date()
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var stats = SurfStats()
                var findings: [SurfProperty: Finding] = [:]
                var failedCases = 0
                for caseNumber in stride(from: first + worker, to: first + count, by: workers) {
                    let surfCase = SurfCase.make(seed: seed, caseNumber: caseNumber, seeds: seeds)
                    let header = "WRAPMODEL_FUZZ_SEED=\(seed) WRAPMODEL_FUZZ_FIRST_CASE=\(caseNumber) WRAPMODEL_FUZZ_CASES=1 swift test --filter ReliabilitySurface (\(surfCase.origin))"
                    RelCrashNote.set(slot: worker, header: header, document: surfCase.bytes)
                    let runner = SurfCaseRunner.check(surfCase.bytes, models: surfCase.models, rotation: caseNumber)
                    stats.add(runner.stats)
                    stats.cases += 1
                    guard !runner.failures.isEmpty else { continue }
                    failedCases += 1
                    for (property, message) in runner.failures {
                        if let found = findings[property] {
                            findings[property] = (found.count + 1, found.firstCase, found.message)
                        } else {
                            let document = String(decoding: surfCase.bytes.prefix(600), as: UTF8.self)
                            findings[property] = (1, caseNumber, "replay: \(header)\n  document: \(document)\n  \(message)")
                        }
                    }
                }
                results.withLock { total in
                    total.stats.add(stats)
                    total.failedCases += failedCases
                    for (property, finding) in findings {
                        if let known = total.findings[property] {
                            let earlier = known.firstCase <= finding.firstCase ? known : finding
                            total.findings[property] = (known.count + finding.count, earlier.firstCase, earlier.message)
                        } else {
                            total.findings[property] = finding
                        }
                    }
                }
            }
            let seconds = Date().timeIntervalSince(started)
            let (stats, findings, failedCases) = results.withLock { $0 }
            for property in SurfProperty.allCases {
                guard let finding = findings[property] else { continue }
                Issue.record(Comment(rawValue: "surface property failed in \(finding.count) checks — \(property.rawValue); first case \(finding.firstCase):\n\(finding.message)"))
            }
            print("""
                WrapModel surface fuzz: seed \(seed), cases \(first)..<\(first + count), \(workers) workers, \
                \(String(format: "%.1f", seconds)) s, \(TestScale.label); documents accepted \(stats.accepted), \
                values read \(stats.readings), outputs \(stats.outputs), round trips compared \(stats.roundTrips), \
                not archived (would trap) \(stats.notArchived), failing cases \(failedCases), failing properties \
                \(findings.keys.map(\.rawValue).sorted())
                """)
            #expect(stats.cases == count)
            // Every check runs on accepted documents only: a run that refused them all checked
            // nothing but refusal. A replay of a few cases has no floor.
            if count >= 100 {
                #expect(stats.accepted >= count / 4, "only \(stats.accepted) documents accepted in \(count) cases")
            }
        }

        // MARK: Named regressions: the smallest documents that broke a property

        @Test("Archiving a model with a Float read from 1e308 does not trap")
        func archiveInfiniteFloat() async {
            await #expect(processExitsWith: .success, "NSKeyedArchiver trapped in WrapModel.encode(with:)") {
                let model = try! SurfRoot(parsing: #"{"f": 1e308}"#)
                let archiver = NSKeyedArchiver(requiringSecureCoding: true)
                archiver.encode(model, forKey: NSKeyedArchiveRootObjectKey)
                archiver.finishEncoding()
                _ = try? NSKeyedUnarchiver.unarchivedObject(ofClass: SurfRoot.self, from: archiver.encodedData)
            }
            #expect(SurfCaseRunner.failures(of: .archive, #"{"f": 1e308}"#, [SurfRoot.self]) == [])
        }

        @Test("Codable keeps every value a property reads; only an untyped integral double becomes an integer",
              arguments: [SurfProperty.codableJSON, .codablePlist])
        func codableKeepsDoubles(property: SurfProperty) throws {
            #expect(SurfCaseRunner.failures(of: property, #"{"dict": {"x": 1.0}, "d": 1.0, "da": [1.0, 0.5]}"#, [SurfRoot.self]) == [])
            let model = try SurfRoot(parsing: #"{"dict": {"x": 1.0}, "d": 1.0, "da": [1.0, 0.5]}"#)
            let back = try JSONDecoder().decode(SurfRoot.self, from: JSONEncoder().encode(model))
            #expect(back.d == 1.0)
            #expect(back.doubles == [1.0, 0.5])
            #expect(canonical(back.dict) == "{x=i:1}")
        }

        @Test("An integer above Int.max reads the same from bytes and from JSONSerialization's unsigned NSNumber")
        func unsignedNumbers() {
            #expect(SurfCaseRunner.failures(of: .bytesVersusFoundationDictionary, #"{"i": 9223372036854775808}"#, [SurfRoot.self]) == [])
            #expect(SurfCaseRunner.failures(of: .bytesVersusFoundationDictionary, #"{"dict": {"x": 18446744073709551615}}"#, [SurfRoot.self]) == [])
        }

        @Test("init?(jsonData:) accepts a byte order mark and a trailing comma, as JSONSerialization does")
        func leniency() {
            #expect(SurfCaseRunner.failures(of: .lenientAcceptsFoundation, "\u{FEFF}{\"i\": 1}", [SurfRoot.self]) == [])
            #expect(SurfCaseRunner.failures(of: .lenientAcceptsFoundation, #"{"i": 1,}"#, [SurfRoot.self]) == [])
        }

        @Test("Output -> model -> output is a fixed point with a submodel at address and a non-optional address.city")
        func overlapFixedPoint() {
            #expect(SurfCaseRunner.failures(of: .fixedPoint, #"{"n": 1}"#, [SurfOverlap.self]) == [])
        }

        @Test("keepUnmodeledKeys writes unwritten values as they were read", arguments: [
            #"{"t_dibs": "2017-02-05T17:03:13.123-03:00"}"#, #"{"f": 0.1}"#, #"{"i": "12"}"#, #"{"b_yes": true}"#, #"{"e": "bogus"}"#,
        ])
        func losslessKeepsValues(json: String) {
            #expect(SurfCaseRunner.failures(of: .lossless, json, [SurfRoot.self]) == [])
        }
    }
}
