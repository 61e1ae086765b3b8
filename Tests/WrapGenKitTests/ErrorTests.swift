import Foundation
import Testing
import WrapModel
@testable import WrapGenKit

@Suite struct ErrorTests {
    private func generate(_ text: String, name: String = "bad.json") throws(WrapGenError) -> WrapGenOutput {
        try WrapGen.generate(jsonSamples: [(name, Data(text.utf8))], rootName: "Bad", options: WrapGenOptions(style: .wrappers))
    }

    @Test func malformedJSONReportsLineAndColumn() {
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 2, column: 8,
                                                    message: "unexpected character '}'")) {
            try generate("{\n  \"a\": }")
        }
        // The column of the string's opening quote.
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 1, column: 7, message: "unterminated string")) {
            try generate("{\"a\": \"x")
        }
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 1, column: 1, message: "unexpected end of input")) {
            try generate("")
        }
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 1, column: 10,
                                                    message: "unexpected character 'x'")) {
            try generate("{\"a\": 1} x")
        }
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 3, column: 3,
                                                    message: "unexpected character '?'")) {
            try generate("{\n\"a\": 1,\n  ?")
        }
    }

    @Test("wrapgen json reports malformed JSON as WrapModel's own reader does, at the same byte",
          arguments: ["{\"a\": }", "{\"a\": \"x", "{\"a\": 1} x", "{\"a\": 01}", "{\"a\": \"\\q\"}", "{\"a\": 1e999}",
                      "[" + String(repeating: "[", count: 600) + "]"])
    func malformedJSONIsReportedAsTheLibraryReportsIt(_ text: String) throws {
        // One-line inputs: the column is the library's byte offset plus one.
        let libraryError = #expect(throws: WrapModelError.self) { try WrapModel(parsing: text) }
        guard case .malformedJSON(let reason, let offset)? = libraryError, let offset else {
            Issue.record("WrapModel did not report malformed JSON: \(String(describing: libraryError))")
            return
        }
        #expect(throws: WrapGenError.malformedJSON(file: "bad.json", line: 1, column: offset + 1, message: reason)) {
            try generate(text)
        }
    }

    @Test("a sample with a byte-order mark and trailing commas is read as the generated models read it")
    func lenientSamplesAsModelsReadThem() throws {
        let text = "\u{FEFF}{\"id\": 12, \"tags\": [\"a\",],}"
        #expect(WrapModel(json: text) != nil)
        let source = try generate(text).source
        #expect(source.contains("    @IntProperty(\"id\") var id: Int\n    @StrArrayProperty(\"tags\") var tags: [String]\n"))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000)
        #expect(throws: WrapGenError.self) { try generate(deep) }
    }

    @Test(arguments: [("[{}, 2]", "a number at [1]"), ("[]", "only empty arrays"), ("\"text\"", "a string"), ("42", "a number"), ("null", "null"), ("true", "a boolean")])
    func nonObjectRoot(_ text: String, _ found: String) {
        #expect(throws: WrapGenError.nonObjectRoot(file: "bad.json", found: found)) { try generate(text) }
    }

    @Test func unreadableFiles() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/wrapgen/sample.json")
        #expect(throws: WrapGenError.unreadable(path: missing.path, reason: "no such file")) {
            try WrapGen.generate(jsonFiles: [missing], rootName: "X")
        }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: WrapGenError.unreadable(path: folder.path, reason: "is a directory")) {
            try WrapGen.generate(jsonFiles: [folder], rootName: "X")
        }
        let noModel = URL(fileURLWithPath: "/nonexistent/Model.xcdatamodeld")
        #expect(throws: WrapGenError.unreadable(path: noModel.path, reason: "no such file or folder")) {
            try WrapGen.generate(dataModel: noModel)
        }
    }

    @Test func badRootNames() {
        for name in ["1Customer", "my customer", "", "class"] {
            #expect(throws: WrapGenError.usage("--name '\(name)' is not a usable Swift type name")) {
                try WrapGen.generate(jsonSamples: [("a.json", Data("{}".utf8))], rootName: name)
            }
        }
        for name in ["Date", "String", "Character"] {
            #expect(throws: WrapGenError.usage("--name '\(name)' would shadow a standard Swift type the generated code uses; try '\(name)Model'")) {
                try WrapGen.generate(jsonSamples: [("a.json", Data("{}".utf8))], rootName: name)
            }
        }
    }

    @Test func invalidModelXML() throws {
        func model(_ xml: String) throws(WrapGenError) -> WrapGenOutput {
            try WrapGen.generate(dataModelXML: Data(xml.utf8), sources: ["contents"], fileName: "M")
        }
        #expect {
            try model("<model><entity name=\"A\">")
        } throws: { error in
            guard case .invalidModel(let file, let message) = error as? WrapGenError else { return false }
            return file == "contents" && message.hasPrefix("line ")
        }
        #expect {
            try model("<model><entity name=\"A\"></model>")
        } throws: { error in
            guard case .invalidModel(let file, let message) = error as? WrapGenError else { return false }
            return file == "contents" && message.hasPrefix("line 1: ")
        }
        #expect(throws: WrapGenError.invalidModel(file: "contents", message: "line 1: the root element is <plist>, not <model>")) {
            try model("<plist version=\"1.0\"><dict/></plist>")
        }
        #expect(throws: WrapGenError.self) { try model("not xml at all") }
        #expect(throws: WrapGenError.invalidModel(file: "contents", message: "line 1: an <entity> has no name")) {
            try model("<model><entity/></model>")
        }
        // An empty model is valid and generates no classes.
        let empty = try model("<model/>")
        #expect(!empty.source.contains("class "))
    }

    @Test func versionBundleWithoutVersions() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Empty.xcdatamodeld")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        #expect(throws: WrapGenError.invalidModel(file: "Empty.xcdatamodeld", message: "no .xcdatamodel version inside")) {
            try WrapGen.generate(dataModel: bundle)
        }
    }

    @Test func everyErrorDescriptionIsOneLine() {
        let errors: [WrapGenError] = [
            .usage("u"), .unreadable(path: "/p", reason: "r"), .malformedJSON(file: "f", line: 1, column: 2, message: "m"),
            .nonObjectRoot(file: "f", found: "an array"), .invalidModel(file: "f", message: "m"), .unwritable(path: "/p", reason: "r"),
        ]
        for error in errors { #expect(!error.description.contains("\n")) }
    }
}
