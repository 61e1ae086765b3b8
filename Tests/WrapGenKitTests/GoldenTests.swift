import Foundation
import Testing
@testable import WrapGenKit

/// The files under Golden/ are compiled into this test target, so they are known to build without
/// warnings against WrapModel; these tests keep the generator producing them byte for byte.
///
/// After an intended change to the generator, regenerate them with
/// `WRAPGEN_UPDATE_GOLDENS=1 swift test --filter WrapGenKitTests.GoldenTests`, review the diff,
/// and rebuild so the new files are compiled.
@Suite struct GoldenTests {
    static var updating: Bool { ProcessInfo.processInfo.environment["WRAPGEN_UPDATE_GOLDENS"] == "1" }

    @Test(arguments: GoldenCase.all)
    func generatorReproducesGoldenFile(_ golden: GoldenCase) throws {
        let output = try golden.generate()
        #expect(output.fileName == golden.file)
        let url = Fixtures.golden.appendingPathComponent(golden.file)
        if Self.updating {
            try Data(output.source.utf8).write(to: url, options: .atomic)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(Data(output.source.utf8) == expected, "regenerate with WRAPGEN_UPDATE_GOLDENS=1 and review the diff")
        if Data(output.source.utf8) != expected {
            // Point at the first differing line to make a failure readable.
            let actualLines = output.source.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if let line = zip(actualLines, expectedLines).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record("line \(line.offset + 1): got `\(line.element.0)`, golden has `\(line.element.1)`")
            }
        }
    }

    /// Set in the child processes of `generationIsTheSameInOtherProcesses`.
    static let probeVariable = "WRAPGEN_DETERMINISM_PROBE"

    /// One line per golden case: its file, and a digest of what the generator writes for it
    /// (source and warnings); then the hash value this process gives a fixed string, which
    /// shows the process's hash seed.
    static func probeLines() throws -> [String] {
        try GoldenCase.all.map { golden in
            let output = try golden.generate()
            return "WRAPGEN-PROBE \(golden.file) \(digest(output.source + "\u{0}" + output.warnings.joined(separator: "\n")))"
        } + ["WRAPGEN-PROBE-SEED \("wrapgen".hashValue)"]
    }

    /// FNV-1a over the UTF-8 bytes: the same in every process.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return String(hash, radix: 16)
    }

    /// Swift seeds its hashing per process, so a generator that let a dictionary's or a set's
    /// order into its output would write the same text on every call of one process and another
    /// text in the next. This runs it in two more processes of this test binary, one with
    /// deterministic hashing and one with a fresh seed, and compares every case's output.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "needs /proc/self/exe to start the test binary again"))
    func generationIsTheSameInOtherProcesses() throws {
        let here = try Self.probeLines()
        var seeds: Set<String> = [here.last!]
        for deterministic in [true, false] {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = ["--testing-library", "swift-testing", "--filter", "GoldenDeterminismProbe"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.probeVariable] = "1"
            environment["SWIFT_DETERMINISTIC_HASHING"] = deterministic ? "1" : nil
            child.environment = environment
            let output = Pipe()
            child.standardOutput = output
            child.standardError = FileHandle.nullDevice
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            #expect(child.terminationStatus == 0)
            let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("WRAPGEN-PROBE") }
            #expect(lines.count == here.count, "the probe printed: \(text.prefix(2000))")
            #expect(Array(lines.dropLast()) == Array(here.dropLast()), "deterministic hashing: \(deterministic)")
            if let seed = lines.last { seeds.insert(seed) }
        }
        // At least two of the three processes hashed differently, or nothing was compared.
        #expect(seeds.count >= 2)
    }

    @Test func headerNamesSourcesByFileNameOnly() throws {
        for golden in GoldenCase.all {
            let source = try golden.generate().source
            let header = source.split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(header.hasPrefix("// Generated by wrapgen from "))
            #expect(!header.contains("/work/"), "absolute paths would make goldens machine-dependent")
        }
        let library = try WrapGen.generate(dataModel: Fixtures.library).source
        #expect(library.hasPrefix("// Generated by wrapgen from Xcode data model Library.xcdatamodeld/Library 2.xcdatamodel.\n"))
    }

    @Test func dataModelWarnsAboutUnknownUserInfoKeys() throws {
        let output = try WrapGen.generate(dataModel: Fixtures.library, options: WrapGenOptions(style: .wrappers, mutable: true))
        #expect(output.warnings == [
            "warning: Book.status: unknown user-info key 'mogenerator.readonly' ignored",
            "warning: LibraryItem: abstract entity without entityMapperName: objects are read as LibraryItem; add an entity mapper to choose sub-entities",
            "warning: Publisher: unknown user-info key 'Groot.unknownSetting' ignored",
        ])
    }

    @Test func sampleOrderOnlyChangesTheHeader() throws {
        let ab = try WrapGen.generate(jsonFiles: [Fixtures.sample("profile_a.json"), Fixtures.sample("profile_b.json")],
                                      rootName: "Profile")
        let ba = try WrapGen.generate(jsonFiles: [Fixtures.sample("profile_b.json"), Fixtures.sample("profile_a.json")],
                                      rootName: "Profile")
        #expect(ab.source.split(separator: "\n").dropFirst() == ba.source.split(separator: "\n").dropFirst())
    }
}

/// The child side of `GoldenTests.generationIsTheSameInOtherProcesses`: prints what the
/// generator writes in this process. Runs only when that test starts it.
@Suite struct GoldenDeterminismProbe {
    @Test(.enabled(if: ProcessInfo.processInfo.environment[GoldenTests.probeVariable] != nil, "runs in the child process only"))
    func printGeneratedDigests() throws {
        for line in try GoldenTests.probeLines() { print(line) }
    }
}
