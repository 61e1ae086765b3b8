import Foundation
import Testing
@testable import WrapGenKit

@Suite struct CommandLineTests {
    /// Runs the command line in-process, capturing both streams.
    private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let status = WrapGenCommand.run(arguments, standardOutput: { out += $0 }, standardError: { err += $0 })
        return (status, out, err)
    }

    @Test func parsesBothCommands() throws {
        let json = try WrapGenCommand.parse(["json", "a.json", "b.json", "--name", "Customer", "--style=classic", "--output", "out"])
        #expect(json == WrapGenCommand(mode: .json(samples: ["a.json", "b.json"], name: "Customer"),
                                       options: WrapGenOptions(style: .classic), outputDirectory: "out"))
        let model = try WrapGenCommand.parse(["xcdatamodel", "--mutable", "M.xcdatamodeld"])
        #expect(model == WrapGenCommand(mode: .dataModel(path: "M.xcdatamodeld", name: nil),
                                        options: WrapGenOptions(mutable: true), outputDirectory: nil))
        #expect(model.options.style == .property, "the style the documentation teaches is the default")
        #expect(try WrapGenCommand.parse(["json", "a.json", "--name", "X", "--style", "wrappers"]).options.style == .wrappers)
        #expect(try WrapGenCommand.parse(["--help"]).mode == .help)
        #expect(try WrapGenCommand.parse(["json", "-h"]).mode == .help)
        #expect(try WrapGenCommand.parse(["json", "--name", "X", "--", "--odd.json"]).mode == .json(samples: ["--odd.json"], name: "X"))
        #expect(try WrapGenCommand.parse(["xcdatamodel", "M.xcdatamodel", "--style", "property", "--explicit-keys"]).options
                == WrapGenOptions(style: .property, explicitKeys: true))
    }

    @Test(arguments: [
        ([], "missing command: json, xcdatamodel or check (see wrapgen --help)"),
        (["json", "a.json"], "json: --name is required (the root class name)"),
        (["json", "--name", "X"], "json: give at least one sample file"),
        (["json", "a.json", "--name"], "--name needs a value"),
        (["json", "a.json", "--name", "X", "--style", "fancy"], "--style must be property, wrappers or classic, not 'fancy'"),
        (["json", "a.json", "--name", "X", "--verbose"], "unknown option '--verbose' (see wrapgen --help)"),
        (["json", "a.json", "--name", "X", "--explicit-keys=yes"], "--explicit-keys takes no value"),
        (["xcdatamodel"], "xcdatamodel: give exactly one data model path"),
        (["yaml", "a.yaml"], "unknown command 'yaml': use json, xcdatamodel or check (see wrapgen --help)"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: WrapGenError.usage(message)) { try WrapGenCommand.parse(arguments) }
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.err == "wrapgen: \(message)\n")
        #expect(result.out.isEmpty)
    }

    @Test func helpGoesToStandardOutput() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("wrapgen: generate WrapModel classes"))
        #expect(result.out.contains("wrapgen json SAMPLE.json... --name NAME"))
        #expect(result.err.isEmpty)
    }

    @Test func badInputIsOneLineAndStatusOne() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"a\": [1, 2}".utf8).write(to: bad)
        let result = run(["json", bad.path, "--name", "Bad"])
        #expect(result.status == 1)
        #expect(result.err == "wrapgen: error: bad.json:1:12: malformed JSON: unexpected character '}'\n")
        #expect(result.out.isEmpty)
    }

    @Test func writesIntoOutputFolder() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("nested/Models")
        let result = run(["json", Fixtures.sample("nested_customer.json").path, "--name", "NestedCustomer", "--style", "wrappers", "--output", target.path])
        #expect(result.status == 0)
        let written = try String(contentsOf: target.appendingPathComponent("NestedCustomer.swift"), encoding: .utf8)
        let golden = try String(contentsOf: Fixtures.golden.appendingPathComponent("NestedCustomer.swift"), encoding: .utf8)
        #expect(written == golden)
        #expect(result.out == target.appendingPathComponent("NestedCustomer.swift").path + "\n")
    }

    @Test func dataModelWarningsGoToStandardError() {
        let result = run(["xcdatamodel", Fixtures.library.path, "--mutable"])
        #expect(result.status == 0)
        #expect(result.err.split(separator: "\n").count == 3)
        #expect(result.err.hasPrefix("wrapgen: warning: Book.status: unknown user-info key 'mogenerator.readonly' ignored\n"))
        #expect(result.out.contains("final class Book: LibraryItem, NonisolatedModel2, @unchecked Sendable {"))
    }

    @Test func dataModelContentsFileIsWrittenUnderTheModelName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = Fixtures.resources.appendingPathComponent("Zoo.xcdatamodel/contents")
        let result = run(["xcdatamodel", contents.path, "--mutable", "--style", "wrappers", "--output", folder.path])
        #expect(result.status == 0)
        #expect(result.out == folder.appendingPathComponent("Zoo.swift").path + "\n")
        let written = try String(contentsOf: folder.appendingPathComponent("Zoo.swift"), encoding: .utf8)
        #expect(written == (try String(contentsOf: Fixtures.golden.appendingPathComponent("Zoo.swift"), encoding: .utf8)))
    }

    // MARK: The built executable

    /// The `wrapgen` binary next to the test bundle, when the build produced one.
    static let executable: URL? = {
        var candidates: [URL] = []
        if let first = ProcessInfo.processInfo.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in candidates {
            let url = folder.appendingPathComponent("wrapgen")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    private func launch(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let executable: URL = try #require(Self.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test(.enabled(if: executable != nil, "the wrapgen executable was not built next to the tests"))
    func executableEndToEnd() throws {
        let ok = try launch(["json", Fixtures.sample("catalog.json").path, "--name", "Catalog", "--style", "wrappers"])
        #expect(ok.status == 0)
        #expect(ok.out == (try String(contentsOf: Fixtures.golden.appendingPathComponent("Catalog.swift"), encoding: .utf8)))

        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("root.json")
        try Data("[{\"a\": 1}, [2]]".utf8).write(to: root)
        let cases: [([String], Int32, String)] = [
            (["json", root.path, "--name", "X"], 1, "wrapgen: error: root.json: the root of a sample must be an object or an array of objects, found an array at [1]\n"),
            (["json", folder.appendingPathComponent("missing.json").path, "--name", "X"], 1,
             "wrapgen: error: cannot read \(folder.appendingPathComponent("missing.json").path): no such file\n"),
            (["xcdatamodel", root.path], 1, "wrapgen: error: root.json: invalid data model: line 1"),
            (["frobnicate"], 2, "wrapgen: unknown command 'frobnicate': use json, xcdatamodel or check (see wrapgen --help)\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try launch(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.err.hasPrefix(message), "\(arguments)")
            #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
            #expect(result.out.isEmpty)
        }
    }
}
