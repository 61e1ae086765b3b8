import Foundation
import Testing
import WrapModel

@Suite("WPFloatArray writes [Float], and the Properties page says so")
struct FloatArrayOutputTests {
    @Test("WPFloatArray writes [Float] in currentModelData and outputData, and JSON output writes each Float's shortest decimal")
    func writesFloats() throws {
        let lists = try Lists(parsing: #"{"floats": [0.1, "2.5", 3], "optional_floats": [16777217]}"#)
        #expect(lists.currentModelData(withNulls: false)["floats"].map { type(of: $0) == [Float].self } == true)
        #expect(lists.currentModelData(withNulls: false)["floats"] as? [Float] == [0.1, 2.5, 3])
        #expect(lists.outputData(options: .declaredOnly)["floats"].map { type(of: $0) == [Float].self } == true)
        #expect(lists.outputData(options: .declaredOnly)["optional_floats"] as? [Float] == [16777216])
        let json = try lists.jsonString(options: [.declaredOnly, .sortedKeys])
        #expect(json.contains(#""floats":[0.1,2.5,3.0]"#))
        #expect(json.contains(#""optional_floats":[16777216.0]"#))
    }

    @Test("the Properties page says what [Float] (WPFloatArray) writes: [Float], not Doubles")
    func pageSaysFloats() throws {
        // Tests/WrapModelTests/Properties/Classes/ is four folders below the repository.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/Properties.md"), encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `[Float]`") })
        let writes = try #require(row.split(separator: "|").last.map { String($0) })
        #expect(writes.contains("`[Float]`"))
        #expect(!writes.contains("Double"))
    }
}
