import Foundation
import Testing
import WrapModelJSONIndex
@testable import WrapModelJSON

/// The tape builder skips plain string bytes and whitespace 16 at a time (SSE2 or NEON, a byte
/// loop elsewhere), digits and literals a word at a time. These pin the scans' contract and,
/// through the parser, that a byte of interest is found wherever it falls relative to a block.
@Suite("Block and word scans")
struct ByteScanTests {
    static func isSpecial(_ c: UInt8) -> Bool { c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x80 }
    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    @Test("each scan stops at the first byte of interest, or where fewer than 16 bytes remain")
    func scanContract() {
        var generator = SystemRandomNumberGenerator()
        let odd: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x5C, 0x1F, 0x00, 0x7F, 0x80, 0xFF, 0x0B, 0x0C, 0x7B]
        for _ in 0..<2_000 {
            let n = Int.random(in: 0...80, using: &generator)
            let filler: UInt8 = Bool.random(using: &generator) ? 0x61 : 0x20
            let bytes = (0..<n).map { _ in
                Int.random(in: 0..<10, using: &generator) == 0 ? odd.randomElement(using: &generator)! : filler
            }
            bytes.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress ?? UnsafePointer(bitPattern: 16)!
                for start in 0...n {
                    let plain = wrapmodel_skip_plain_string_bytes(p, start, n)
                    #expect(plain >= start && plain <= n)
                    #expect(!bytes[start..<plain].contains(where: Self.isSpecial))
                    #expect(plain + 16 > n || Self.isSpecial(bytes[plain]), "\(bytes) from \(start)")
                    let white = wrapmodel_skip_whitespace(p, start, n)
                    #expect(white >= start && white <= n)
                    #expect(bytes[start..<white].allSatisfy(Self.isWhitespace))
                    #expect(white + 16 > n || !Self.isWhitespace(bytes[white]), "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test("a quote, escape, control character or non-ASCII byte at every position of a string")
    func specialByteAtEveryPosition() throws {
        for length in 1...40 {
            for position in 0..<length {
                for tail in [0, 1, 15, 16, 17, 33] {
                    let before = String(repeating: "a", count: position)
                    let after = String(repeating: "b", count: length - position - 1)
                    let spaces = String(repeating: " ", count: tail)
                    // An escape and valid two-byte text decode exactly.
                    for (inserted, decoded) in [("\\n", "\n"), ("\\\"", "\""), ("é", "é"), ("\u{7F}", "\u{7F}")] {
                        let json = "[\"\(before)\(inserted)\(after)\"]\(spaces)"
                        #expect(try JSONDocument.parseValue(Data(json.utf8)) as? [String] == [before + decoded + after])
                        #expect(JSONTestSupport.parseError(json) == nil)
                    }
                    // A control character or a lone continuation byte is refused at its offset.
                    let prefix = Array("[\"\(before)".utf8)
                    let suffix = Array("\(after)\"]\(spaces)".utf8)
                    #expect(JSONTestSupport.parseError(prefix + [0x1F] + suffix)
                            == JSONParseError(reason: "unescaped control character in string", offset: prefix.count))
                    #expect(JSONTestSupport.parseError(prefix + [0x80] + suffix)
                            == JSONParseError(reason: "invalid UTF-8", offset: prefix.count))
                    // A quote ends the string early: the parser stops at the byte after it.
                    #expect(JSONTestSupport.parseError(prefix + [0x22] + suffix) != nil)
                    #expect(try JSONDocument.parseValue(Data(prefix + [0x22, 0x5D] + Array(spaces.utf8))) as? [String] == [before])
                }
            }
        }
    }

    @Test("whitespace runs of every length, and a stray byte at every position of one")
    func whitespaceRuns() throws {
        let cycle: [UInt8] = [0x0A, 0x20, 0x20, 0x09, 0x20, 0x0D, 0x20]
        for length in 0...40 {
            let run = (0..<length).map { cycle[$0 % cycle.count] }
            let json = Array("[1,".utf8) + run + Array("2".utf8) + run + Array("]".utf8) + run
            #expect(try JSONDocument.parseValue(Data(json)) as? [Int] == [1, 2])
            #expect(JSONTestSupport.parseError(json) == nil)
            for position in 0..<length {
                for stray: UInt8 in [0x0B, 0x0C, 0x00, 0xA0] {
                    var bad = run
                    bad[position] = stray
                    let document = Array("[1,".utf8) + bad + Array("2]".utf8)
                    #expect(JSONTestSupport.parseError(document) == .unexpected(stray, at: 3 + position), "\(bad)")
                }
            }
        }
    }

    @Test("digit runs of every length end at the first byte that is not a digit")
    func digitRuns() throws {
        for length in 1...24 {
            let digits = String((0..<length).map { Character(String(($0 % 9) + 1)) })
            for padding in [0, 8] {
                let spaces = String(repeating: " ", count: padding)
                let integer = try JSONDocument.parseValue(Data("[\(digits)]\(spaces)".utf8)) as? [Any]
                if length <= 18 {
                    #expect(integer?.first as? Int == Int(digits))
                } else {
                    #expect(integer?.count == 1)
                }
                let fraction = try JSONDocument.parseValue(Data("[0.\(digits)e1]\(spaces)".utf8)) as? [Double]
                #expect(fraction == [Double("0.\(digits)e1")!])
                // Bytes just outside '0'...'9' (and one with the top bit set) end the run; the
                // parser then refuses them at their own offset.
                for stray: UInt8 in [0x2F, 0x3A, 0x20 | 0x80, 0x41] {
                    let document = Array("[\(digits)".utf8) + [stray] + Array("]\(spaces)".utf8)
                    #expect(JSONTestSupport.parseError(document) == .unexpected(stray, at: 1 + length), "\(length) \(stray)")
                }
            }
        }
    }

    @Test("literals are compared whole, and a mismatch is reported at its byte")
    func literals() throws {
        for padding in [0, 8] {
            let spaces = String(repeating: " ", count: padding)
            let parsed = try JSONDocument.parseValue(Data("[true,false,null]\(spaces)".utf8)) as? [Any]
            #expect(parsed?.count == 3 && parsed?[0] as? Bool == true && parsed?[1] as? Bool == false && parsed?[2] is NSNull)
            #expect(JSONTestSupport.parseError("[trUe]\(spaces)") == .unexpected(UInt8(ascii: "U"), at: 3))
            #expect(JSONTestSupport.parseError("[falsy]\(spaces)") == .unexpected(UInt8(ascii: "y"), at: 5))
            #expect(JSONTestSupport.parseError("[nul]\(spaces)") == .unexpected(UInt8(ascii: "]"), at: 4))
        }
        #expect(JSONTestSupport.parseError("[tru") == .endOfInput(at: 4))
    }
}
