import Foundation
import Testing
@testable import WrapModel
@testable import WrapModelJSON

/// A tape entry keeps 28 bits of its value's offset; documents above 256 MiB record where each
/// later page of offsets begins. These documents put values on both sides of every page boundary,
/// with a page that no value starts in (a long string spans it), and read them back exactly.
@Suite("Documents above 256 MiB")
struct LargeDocumentTests {
    final class Tail: WrapModel, @unchecked Sendable {
        @IntProperty("n") var n
        @DoubleProperty("last") var last
    }

    static let page = 1 << 28

    /// `{"a": "xxx…", "n": 12, "list": [1, "yyy…", {"k": "v\n"}, true], "last": 3.5}` with string
    /// lengths chosen so that the document crosses `pages` page boundaries.
    static func document(pages: Int) -> (data: Data, first: Int, second: Int) {
        let first = pages == 1 ? page - 40 : page + page / 2 // the second puts a whole page inside "a"
        let second = page / 2 + 1_000
        return (join([#"{"a": ""#, #"", "n": 12, "list": [1, ""#, #"", {"k": "v\n"}, true], "last": 3.5}"#], first, second),
                first, second)
    }

    /// `parts[0]`, `first` x's, `parts[1]`, `second` y's, `parts[2]` (built in bulk: a debug
    /// build appends element by element slowly).
    static func join(_ parts: [String], _ first: Int, _ second: Int) -> Data {
        var data = Data(capacity: first + second + 200)
        data.append(contentsOf: Array(parts[0].utf8))
        data.append(Data(repeating: UInt8(ascii: "x"), count: first))
        data.append(contentsOf: Array(parts[1].utf8))
        data.append(Data(repeating: UInt8(ascii: "y"), count: second))
        data.append(contentsOf: Array(parts[2].utf8))
        return data
    }

    @Test("values on every side of each page boundary read, write and materialise exactly (two boundaries unless reduced)")
    func acrossPages() throws {
        let pages = TestScale.pick(reduced: 1, full: 2)
        let (data, first, second) = Self.document(pages: pages)
        #expect(data.count > pages * Self.page)
        let document = try JSONDocument(data: data)
        document.withView { #expect($0.pageCount == pages) }
        let root = document.root
        #expect(root.member("a")?.byteRange == 6..<(6 + first + 2))
        #expect(root.member("n")?.intValue == 12)
        let list = try #require(root.member("list")?.elements)
        #expect(list.count == 4)
        #expect(list[0].intValue == 1)
        #expect(list[1].byteRange.count == second + 2)
        #expect(list[1].byteRange.lowerBound == data.count - second - 2 - #"", {"k": "v\n"}, true], "last": 3.5}"#.utf8.count + 1)
        #expect(list[2].member("k")?.stringValue == "v\n")
        #expect(list[3].boolValue == true)
        #expect(root.member("last")?.doubleValue == 3.5)
        #expect(root.byteRange == 0..<data.count)

        // The model reads through the same offsets; compact output copies every token.
        let model = try Tail(parsing: data)
        #expect(model.n == 12)
        #expect(model.last == 3.5)
        let written = try JSONWriter.write(VerbatimJSON(node: root))
        let expected = Self.join([#"{"a":""#, #"","n":12,"list":[1,""#, #"",{"k":"v\n"},true],"last":3.5}"#], first, second)
        #expect(written.count == expected.count)
        let same = written.withUnsafeBytes { w in expected.withUnsafeBytes { e in w.count == e.count && memcmp(w.baseAddress!, e.baseAddress!, w.count) == 0 } }
        #expect(same, "compact output of the document")
    }

    @Test("a document below 256 MiB records no pages")
    func noPagesBelowOnePage() throws {
        let document = try JSONDocument(data: Data(#"{"a": [1, 2, {"b": null}]}"#.utf8))
        document.withView { view in
            #expect(view.pageCount == 0)
            #expect(view.pageStarts == nil)
        }
    }
}
