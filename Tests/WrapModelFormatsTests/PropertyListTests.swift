import Foundation
import Testing
import WrapModelFormats

/// The property-list reader and writer alone, with no model: what the writer writes the reader
/// reads back exactly, and bad input is a typed error.
struct PropertyListTests {
    @Test("Written and read back: a leading U+FEFF in a key, -0.0, a large unsigned integer, a date and data")
    func roundTrip() throws {
        let date = Date(timeIntervalSince1970: 1_293_840_000)
        let value: [String: Any] = ["\u{FEFF}k": "v", "k": "x", "negativeZero": -0.0, "big": UInt64.max,
                                    "when": date, "bytes": Data([0, 1, 254]), "list": [1, "two", true] as [Any]]
        let text = String(decoding: try XMLPropertyListWriter.data(value), as: UTF8.self)
        #expect(text.contains("<key>\u{FEFF}k</key>"))
        #expect(text.contains("<real>-0.0</real>"))
        #expect(text.contains("<integer>18446744073709551615</integer>"))
        #expect(text.contains("<date>2011-01-01T00:00:00Z</date>"))
        let back = try #require(try XMLPropertyListReader.value(from: Data(text.utf8)) as? [String: Any])
        #expect(back.count == 7)
        #expect(back["\u{FEFF}k"] as? String == "v")
        #expect(back["k"] as? String == "x")
        let negativeZero = try #require(back["negativeZero"] as? Double)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(back["when"] as? Date == date)
        #expect(back["bytes"] as? Data == Data([0, 1, 254]))
        let list = try #require(back["list"] as? [Any])
        #expect(list.count == 3 && list[0] as? Int == 1 && list[1] as? String == "two" && list[2] as? Bool == true)
    }

    @Test("A value no property list holds is refused with its key path and type")
    func unencodable() {
        struct Opaque {}
        #expect(throws: PropertyListError.unencodable(keyPath: "outer.list[1]", found: "Opaque")) {
            try XMLPropertyListWriter.data(["outer": ["list": [1, Opaque()] as [Any]] as [String: Any]])
        }
    }

    @Test("Nesting deeper than 512 levels is refused, not followed down the stack")
    func tooDeep() {
        let open = String(repeating: "<array>", count: 600)
        let close = String(repeating: "</array>", count: 600)
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(open)\(close)</plist>\n"
        #expect(throws: PropertyListError.malformed(reason: "nesting deeper than 512")) {
            try XMLPropertyListReader.value(from: Data(document.utf8))
        }
    }

    @Test("A document this reader leaves to Foundation (another encoding, malformed markup) reads as nil")
    func leftToFoundation() throws {
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist version=\"1.0\"><string>x</string></plist>\n"
        #expect(try XMLPropertyListReader.value(from: Data(latin1.utf8)) == nil)
        #expect(try XMLPropertyListReader.value(from: Data("<plist><string>x</plist>".utf8)) == nil)
    }

    @Test("A cut binary property list is refused before Foundation reads it")
    func cutBinary() {
        #expect(throws: PropertyListError.malformed(reason: "binary property list too short (8 bytes)")) {
            try BinaryPropertyListCheck.checkComplete(Data("bplist00".utf8))
        }
        var damaged = [UInt8]("bplist00".utf8) + [UInt8](repeating: 0, count: 40)
        damaged[damaged.count - 26] = 9   // an offset size no binary property list has
        #expect(throws: PropertyListError.malformed(reason: "binary property list trailer is damaged or the data is cut")) {
            try BinaryPropertyListCheck.checkComplete(Data(damaged))
        }
    }
}
