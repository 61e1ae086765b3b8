import Foundation
import Testing
import WrapModel

final class PlistNote: WrapModel, @unchecked Sendable {
    @StrProperty("s") var text
    @DoubleProperty("z") var zero
}

@Suite("Property list fidelity and format checks")
struct PropertyListFidelityTests {
    @Test("binary property lists keep -0.0 and a leading U+FEFF")
    func binaryKeeps() throws {
        let model = try PlistNote(parsing: #"{"s":"\uFEFFa","z":-0.0}"#)
        let back = try PlistNote.read(from: model.data(format: .binaryPlist))
        #expect(back.text.unicodeScalars.map(\.value) == [0xFEFF, 0x61])
        #expect(back.zero.sign == .minus)
    }

    @Test("XML property lists keep -0.0")
    func xmlKeepsNegativeZero() throws {
        let model = try PlistNote(parsing: #"{"z":-0.0,"a":[-0.0, 1.5, 2]}"#)
        let back = try PlistNote.read(from: model.data(format: .xmlPlist))
        #expect(back.zero.sign == .minus)
        #expect(try back.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == #"{"a":[-0.0,1.5,2],"z":-0.0}"#)
    }

    @Test("XML property lists are written as Foundation lays them out, with exact reals")
    func xmlLayout() throws {
        let model = try PlistNote(parsing: #"{"z":0.1,"n":[1e300,-0.0],"t":true,"s":"a<&>b"}"#)
        let text = try model.string(format: .xmlPlist)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>n</key>
            	<array>
            		<real>1e+300</real>
            		<real>-0.0</real>
            	</array>
            	<key>s</key>
            	<string>a&lt;&amp;&gt;b</string>
            	<key>t</key>
            	<true/>
            	<key>z</key>
            	<real>0.1</real>
            </dict>
            </plist>

            """)
        let back = try PlistNote.read(from: text)
        #expect(back.text == "a<&>b")
        #expect(back.zero == 0.1)
    }

    @Test("a leading U+FEFF in a string is kept by XML property lists too (the package reads them itself)")
    func xmlByteOrderMark() throws {
        let model = try PlistNote(parsing: #"{"s":"\uFEFFa"}"#)
        let back = try PlistNote.read(from: model.data(format: .xmlPlist))
        #expect(back.text.unicodeScalars.map(\.value) == [0xFEFF, 0x61])
    }

    @Test("a binary property list cut after its header is malformed", arguments: [8, 12, 20, 39])
    func cutBinary(length: Int) throws {
        let data = try PlistNote(parsing: #"{"s":"x"}"#).data(format: .binaryPlist)
        let cut = data.prefix(length)
        #expect(throws: WrapModelError.self) { try PlistNote.read(from: cut) }
        do { _ = try PlistNote.read(from: cut) } catch {
            guard case .malformedPropertyList = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("an explicit format is honoured")
    func explicitFormat() throws {
        let openStep = Data("{ s = x; }".utf8)
        #expect(throws: WrapModelError.self) { try PlistNote.read(from: openStep, format: .xmlPlist) }
        #expect(throws: WrapModelError.self) { try PlistNote.read(from: openStep, format: .binaryPlist) }
        let xml = try PlistNote(parsing: #"{"s":"x"}"#).data(format: .xmlPlist)
        #expect(throws: WrapModelError.self) { try PlistNote.read(from: xml, format: .binaryPlist) }
        let binary = try PlistNote(parsing: #"{"s":"x"}"#).data(format: .binaryPlist)
        #expect(throws: WrapModelError.self) { try PlistNote.read(from: binary, format: .xmlPlist) }
        #expect(try PlistNote.read(from: binary, format: .binaryPlist).text == "x")
        #expect(try PlistNote.read(from: xml, format: .xmlPlist).text == "x")
    }
}
