import Foundation
import Testing
@testable import WrapModelJSON

/// The compact byte-copy paths of the writer (verbatim values copied token by token from the
/// document, unsplit objects of lossless output) against the token writer they stand in for.
@Suite("Compact copies of parsed values write what the token writer writes")
struct CompactCopyTests {
    /// Every value of `document`, in tape order.
    private static func everyValue(_ document: JSONDocument) -> [Int] {
        var indices: [Int] = []
        document.withView { view in
            var i = 0
            while i < view.tapeCount {
                // An open entry is followed by an untagged word (its extent).
                let tag = view.tag(i)
                if tag != JSONTapeLayout.close { indices.append(i) }
                i &+= tag == JSONTapeLayout.object || tag == JSONTapeLayout.array ? 2 : 1
            }
        }
        return indices
    }

    private static func compact(_ document: JSONDocument, _ i: Int, pretty: Bool = false) throws -> (copied: [UInt8], tokens: [UInt8]) {
        let value = VerbatimJSON(node: JSONNode(document: document, index: i))
        return (try JSONWriter.write(value, options: pretty ? [.prettyPrinted] : []),
                try JSONWriter.writeVerbatimByTokens(value, options: pretty ? [.prettyPrinted] : []))
    }

    @Test("every value of the bundled documents, pretty-printed and minified sources alike",
          arguments: JSONTestSupport.documentNames)
    func bundledDocuments(name: String) throws {
        let data = try JSONTestSupport.data(name)
        let minified = try JSONWriter.write(VerbatimJSON(node: JSONDocument(data: data).root))
        for bytes in [[UInt8](data), minified] {
            let document = try JSONDocument(bytes: bytes)
            for i in Self.everyValue(document) {
                let (copied, tokens) = try Self.compact(document, i)
                #expect(copied == tokens, "\(name) value at tape index \(i)")
            }
        }
        // A minified document copies back to itself.
        let document = try JSONDocument(bytes: minified)
        #expect(try JSONWriter.write(VerbatimJSON(node: document.root)) == minified)
    }

    @Test("odd inputs: escapes, line separators, empty containers, whitespace everywhere", arguments: [
        #"{"a\"b":"x\\y\u2028z\n","\u00e9":[1,-0,1e2,1.50E-3,12345678901234567890123],"e":{},"f":[]}"#,
        " \n\t{ \"a\" : [ 1 , { } , [ ] , \"\u{2028}\u{2029}\" , true , false , null ] ,\r\n \"b\" :{\"c\":\"\"} } ",
        #"[["a"],[[["b"]]],{"k":{"k":{"k":"v"}}}]"#,
        "\"\u{1F600}\u{E9}\"",
        "7",
        #"{"dup":1,"dup":2,"x":{"dup":[3],"dup":[4]}}"#,
    ])
    func oddInputs(json: String) throws {
        let document = try JSONDocument(bytes: Array(json.utf8))
        for i in Self.everyValue(document) {
            let (copied, tokens) = try Self.compact(document, i)
            #expect(copied == tokens, "value at tape index \(i)")
        }
    }

    @Test("a lenient document's trailing commas and byte-order mark are left out of the copy")
    func trailingCommas() throws {
        let json = "\u{FEFF}{\"a\":[1,2,],\"b\":{\"c\":{\"d\":true,},},\"e\":[[],[3,],],}"
        let document = try JSONDocument(bytes: Array(json.utf8), lenient: true)
        let copied = try JSONWriter.write(VerbatimJSON(node: document.root))
        #expect(String(decoding: copied, as: UTF8.self) == #"{"a":[1,2],"b":{"c":{"d":true}},"e":[[],[3]]}"#)
        #expect((try? JSONSerialization.jsonObject(with: Data(copied))) != nil)
    }

    @Test("nesting at the writer's limit: copied while it fits, the token writer's error beyond")
    func deepNesting() throws {
        let depth = JSONWriter.maxDepth
        let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let document = try JSONDocument(bytes: Array(json.utf8), maxDepth: depth)
        let fits = try Self.compact(document, 0)
        #expect(fits.copied == Array(json.utf8))
        #expect(fits.copied == fits.tokens)
        // One level deeper inside an array the writer is already at depth 1.
        let wrapped = try JSONDocument(bytes: Array("{\"a\":\(json)}".utf8), maxDepth: depth + 1)
        var copiedError: JSONWriter.InvalidValue?
        var tokenError: JSONWriter.InvalidValue?
        do { _ = try JSONWriter.write(VerbatimJSON(node: wrapped.root)) } catch { copiedError = error }
        do { _ = try JSONWriter.writeVerbatimByTokens(VerbatimJSON(node: wrapped.root)) } catch { tokenError = error }
        #expect(copiedError == JSONWriter.InvalidValue(path: "a" + String(repeating: "[0]", count: depth - 1),
                                                       found: "nesting deeper than \(depth)"))
        #expect(copiedError == tokenError)
        // A compact document is copied whole only while the writer's depth and the document's
        // deepest nesting fit the limit together: inside one more array, the same error.
        var nestedError: JSONWriter.InvalidValue?
        do { _ = try JSONWriter.write([VerbatimJSON(node: document.root)] as [Any]) } catch { nestedError = error }
        #expect(nestedError?.found == "nesting deeper than \(depth)")
        let shallow = try JSONDocument(bytes: Array("[[1,{\"b\":[2]}],3]".utf8))
        #expect(shallow.withView { $0.compactNesting } == 4)
        #expect(try JSONWriter.write([VerbatimJSON(node: shallow.root)] as [Any]) == Array("[[[1,{\"b\":[2]}],3]]".utf8))
        let spaced = try JSONDocument(bytes: Array("[1, 2]".utf8))
        #expect(spaced.withView { $0.compactNesting } == -1)
        #expect(try JSONWriter.write(VerbatimJSON(node: spaced.root)) == Array("[1,2]".utf8))
    }
}
