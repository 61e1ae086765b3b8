import Foundation
import Testing
@testable import WrapModelJSON

/// `\uXXXX` escapes are checked and converted four digits at a time; this holds that against a
/// digit-by-digit reference.
@Suite("Hexadecimal digits of \\u escapes")
struct HexDigitsTests {
    static func reference(_ bytes: [UInt8]) -> UInt32? {
        var value: UInt32 = 0
        for byte in bytes {
            guard let digit = Character(UnicodeScalar(byte)).hexDigitValue, byte < 0x80 else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    static func word(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    @Test("every byte value at every position, among valid digits")
    func everyByteEverywhere() {
        for position in 0..<4 {
            for byte in 0...255 {
                var bytes = Array("a0F9".utf8)
                bytes[position] = UInt8(byte)
                #expect(JSONScalarDecoder.hex4(Self.word(bytes)) == Self.reference(bytes), "\(bytes)")
            }
        }
    }

    @Test("random words, and words of hexadecimal digits only")
    func randomWords() {
        var generator = SeededJSON(seed: 0x4E7)
        let digits = Array("0123456789abcdefABCDEF".utf8)
        for _ in 0..<TestScale.pick(reduced: 20_000, full: 1_000_000) {
            let bytes = (0..<4).map { _ in generator.coin() ? generator.pick(digits) : UInt8(truncatingIfNeeded: generator.next()) }
            #expect(JSONScalarDecoder.hex4(Self.word(bytes)) == Self.reference(bytes), "\(bytes)")
        }
    }

    @Test("escapes decode to the characters they name, and a bad digit is reported at its escape")
    func escapesThroughTheParser() throws {
        let parsed = try JSONDocument.parseValue(Data(#"["\u00e9\u00E9\u65e5\uD83D\ude00\u0041"]"#.utf8)) as? [String]
        #expect(parsed == ["éé日😀A"])
        #expect(JSONTestSupport.parseError(#"["ab\u00g9"]"#) == JSONParseError(reason: "invalid \\u escape", offset: 4))
        #expect(JSONTestSupport.parseError(#"["ab\u00"#) == JSONParseError(reason: "unterminated string", offset: 4))
    }
}
