import Foundation
import Testing
import WrapModel

final class PlistKeys: WrapModel, @unchecked Sendable {
    @StrProperty("k") var k
}

@Suite("XML property lists read back exactly what the package wrote")
struct XMLPropertyListReadTests {
    /// Two keys that differ only by a leading U+FEFF, which Foundation's reader on Linux drops.
    static var document: [String: Any] { ["\u{FEFF}k": "v", "k": "x"] }

    static func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("wrapmodel-\(UUID().uuidString).plist")
    }

    /// Each key with its value's Unicode scalars, so that a dropped U+FEFF shows.
    static func scalars(_ object: [String: Any]) -> [String] {
        object.keys.sorted().map { key in
            "\(key.unicodeScalars.map(\.value)) = \(((object[key] as? String) ?? "not a string").unicodeScalars.map(\.value))"
        }
    }

    @Test("{\"\\u{FEFF}k\": \"v\", \"k\": \"x\"} written to an XML property list file and read back keeps both keys: a model")
    func model() throws {
        let url = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let model = PlistKeys(data: Self.document, mutable: false)
        try model.write(to: url, format: .xmlPlist)
        let back = try PlistKeys.read(from: url)
        #expect(Self.scalars(back.originalModelData) == Self.scalars(Self.document))
        #expect(back.k == "x")
        #expect(Self.scalars(try PlistKeys.read(from: model.data(format: .xmlPlist)).originalModelData) == Self.scalars(Self.document))
        #expect(Self.scalars(try PlistKeys.read(from: model.string(format: .xmlPlist)).originalModelData) == Self.scalars(Self.document))
        #expect(back == model)
    }

    @Test("{\"\\u{FEFF}k\": \"v\", \"k\": \"x\"} written to an XML property list file and read back keeps both keys: an array of models")
    func array() throws {
        let url = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let models = [PlistKeys(data: Self.document, mutable: false), PlistKeys(data: ["k": "only"], mutable: false)]
        try models.write(to: url, format: .xmlPlist)
        let back = try [PlistKeys].read(from: url)
        #expect(back.map { Self.scalars($0.originalModelData) } == [Self.scalars(Self.document), Self.scalars(["k": "only"])])
    }

    @Test("{\"\\u{FEFF}k\": \"v\", \"k\": \"x\"} written to an XML property list file and read back keeps both keys: a dictionary of models")
    func dictionary() throws {
        let url = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let models = ["\u{FEFF}m": PlistKeys(data: Self.document, mutable: false), "m": PlistKeys(data: ["k": "y"], mutable: false)]
        try models.write(to: url, format: .xmlPlist)
        let back = try [String: PlistKeys].read(from: url)
        #expect(back.keys.map { $0.unicodeScalars.map(\.value) }.sorted { $0.count < $1.count } == [[0x6D], [0xFEFF, 0x6D]])
        #expect(back["\u{FEFF}m"].map { Self.scalars($0.originalModelData) } == Self.scalars(Self.document))
        #expect(back["m"]?.k == "y")
    }

    @Test("strings and keys come back from an XML property list character for character", arguments: [
        "\u{FEFF}", "a\u{FEFF}b", "\u{FEFF}\u{FEFF}x", "line\r\nbreak\rcr", " spaced \t", "<tag> & &amp; ]]> \"q\" 'a'",
        "\u{1}\u{8}\u{1F}", "é e\u{301} 🧪", "",
    ])
    func exactText(text: String) throws {
        let model = PlistKeys(data: [text: text, "k": text], mutable: false)
        let back = try PlistKeys.read(from: model.data(format: .xmlPlist))
        #expect(Self.scalars(back.originalModelData) == Self.scalars([text: text, "k": text]))
    }

    @Test("XML property lists written by Foundation, and with comments, CDATA and character references, still read")
    func otherWriters() throws {
        let values: [String: Any] = ["i": 7, "d": 2.5, "b": [true, false], "s": "a<b", "n": ["x": [Int]()], "empty": [String: Any](),
                                     "t": Date(timeIntervalSince1970: 86_400), "z": Data([1, 2, 255])]
        let foundation = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        let back = try PlistKeys.read(from: foundation, format: .xmlPlist).originalModelData
        #expect(canonical(back) == canonical(values))
        #expect(back["z"] as? Data == Data([1, 2, 255]))

        let written = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment before -->
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <!-- inside -->
              <key>k</key><string>&#xFEFF;a &amp; &#66;<![CDATA[<c>]]>&quot;</string>
              <key>big</key><integer> 18446744073709551615 </integer>
              <key>r</key><array><real>-0.0</real><real>+infinity</real><true/><false></false><string/></array>
            </dict></plist>
            """
        let model = try PlistKeys.read(from: written)
        #expect(model.k.unicodeScalars.map(\.value) == [0xFEFF] + Array("a & B<c>\"".unicodeScalars.map(\.value)))
        #expect(canonical(model.originalModelData["big"]) == "i:18446744073709551615")
        let reals = try #require(model.originalModelData["r"] as? [Any])
        #expect(canonical(reals) == "[d:-0.0,d:inf,b:true,b:false,s:]")
        #expect((reals[0] as? Double)?.sign == .minus)
    }

    @Test("malformed XML property lists still fail with malformedPropertyList, and nesting is limited")
    func malformed() throws {
        let data = try PlistKeys(data: Self.document, mutable: false).data(format: .xmlPlist)
        for length in [10, 60, data.count / 2, data.count - 9] {
            #expect(throws: WrapModelError.self) { try PlistKeys.read(from: data.prefix(length), format: .xmlPlist) }
            do { _ = try PlistKeys.read(from: data.prefix(length), format: .xmlPlist) } catch {
                guard case .malformedPropertyList = error else { Issue.record("\(length): \(error)"); continue }
            }
        }
        let deep = String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600)
        let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>a</key>\#(deep)</dict></plist>"#
        #expect(throws: WrapModelError.malformedPropertyList(reason: "nesting deeper than 512")) {
            try PlistKeys.read(from: text)
        }
    }
}
