import Foundation
import Testing
@testable import WrapModelJSON

/// The tape builder validates multi-byte text with a word-at-a-time fast path and a careful
/// per-sequence path; these compare both, at every position a sequence can take, with the
/// standard library's decoder (bytes are valid UTF-8 exactly when decoding them changes nothing).
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    /// The offset of the first invalid sequence in `content`, found by decoding growing prefixes
    /// of whole sequences the way the reader reports it (at the lead byte).
    static func firstInvalidOffset(_ content: [UInt8]) -> Int? {
        var i = 0
        while i < content.count {
            let lead = content[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = min(i + length, content.count)
            if lead >= 0x80 && (lead < 0xC2 || lead > 0xF4 || !isValidUTF8(Array(content[i..<end])) || end - i < length) {
                return i
            }
            i = end
        }
        return nil
    }

    /// Parses `"` + content + `"` followed by `tail` and checks acceptance (and the error's
    /// offset) against the reference.
    static func check(_ content: [UInt8], tail: [UInt8]) {
        let document = [0x22] + content + [0x22] + tail
        let error = JSONTestSupport.parseError(document)
        if let offset = firstInvalidOffset(content) {
            #expect(error == JSONParseError(reason: "invalid UTF-8", offset: 1 + offset), "\(content)")
        } else if content.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            #expect(error != nil, "\(content)")
        } else {
            #expect(error == nil, "\(content)")
        }
    }

    @Test("every two-byte lead and second byte, with and without room for a word load")
    func everyLeadAndSecondByte() {
        let thirds: [UInt8] = [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0]
        // Every second byte in full runs; by default the bytes at the edges of each range.
        let seconds: [UInt8] = ProcessInfo.processInfo.environment["WRAPMODEL_FULL_TESTS"] == nil
            ? [0x20, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
            : (UInt8(0x20)...0xFF).filter { $0 != 0x22 && $0 != 0x5C }
        for lead in UInt8(0x80)...0xFF {
            for second in seconds {
                for third in thirds {
                    let content = [lead, second, third, 0x80, 0x41]
                    Self.check(content, tail: [])                          // near the end: careful path
                    Self.check(content, tail: Array(repeating: 0x20, count: 8)) // room for the fast path
                }
            }
        }
    }

    @Test("runs of mixed-length text decode to the same string")
    func mixedRuns() throws {
        let text = "é日本語€😀ßЖ中文💡ä" + String(repeating: "あ", count: 9) + "\u{E000}\u{FFFD}\u{10FFFF}\u{0800}\u{07FF}"
        for prefix in ["", "a", "ab", "abc"] {
            let json = "\"\(prefix)\(text)\""
            #expect(try JSONDocument.parseValue(Data(json.utf8)) as? String == prefix + text)
            #expect(try JSONDocument.parseValue(Data("[\(json)]".utf8)) as? [String] == [prefix + text])
        }
    }

    @Test("a bad sequence inside a long run is reported at its lead byte")
    func errorInsideRun() {
        let run = Array("日本語日本語".utf8)
        for bad: [UInt8] in [[0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xC1, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF]] {
            let content = run + bad + run
            let error = JSONTestSupport.parseError([0x22] + content + [0x22, 0x20, 0x20, 0x20, 0x20])
            #expect(error == JSONParseError(reason: "invalid UTF-8", offset: 1 + run.count), "\(bad)")
        }
    }

    @Test("random byte strings are accepted exactly when they are valid UTF-8")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        let rounds = ProcessInfo.processInfo.environment["WRAPMODEL_FULL_TESTS"] == nil ? 3_000 : 60_000
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<rounds {
            let length = Int.random(in: 1...12, using: &generator)
            let content = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            Self.check(content, tail: Bool.random(using: &generator) ? [] : [0x20, 0x20, 0x20, 0x20])
        }
    }
}
