import Foundation
import WrapModelJSON

/// Frames the elements of a JSON array: the root array, or the array at a key path of the root
/// object (its "envelope").
///
/// Strict like the document parser where it decides something: a trailing comma, a missing
/// comma, anything but whitespace after the root value, and a stream that ends before the root
/// value closes are errors. The elements themselves are checked by the parser that reads each
/// one; the envelope's other members are followed (strings, brackets) but not checked.
package final class ArrayElementFramer: ElementFramer {
    private enum Phase {
        case root
        case objectKeyOrEnd
        case objectKey
        case key
        case colon
        case memberValue
        case skippingMember
        case afterMember
        case firstElementOrEnd
        case elementAfterComma
        case inElement
        case afterElement
        case trailing
    }

    private let path: [String]
    private let pathBytes: [[UInt8]]
    private let keyPathText: String
    private let limit: Int
    private var phase = Phase.root
    private var element: ElementBytes
    private var boundary = JSONValueBoundary()
    private var nextIndex = 0

    // The envelope: how many of its objects are open (each one reached by the key path so far),
    // the key being read, and whether the array was already read.
    private var envelopeDepth = 0
    private var key: [UInt8] = []
    private var keyEscaped = false
    private var keyHasEscape = false
    private var keyMatched = false
    private var arrayDone = false

    package init(path: [String], limit: Int) {
        self.path = path
        pathBytes = path.map { Array($0.utf8) }
        keyPathText = path.joined(separator: ".")
        self.limit = limit
        element = ElementBytes(limit: limit)
    }

    package func next(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, streamOffset: Int) throws(StreamFramingError) -> FramedElement? {
        guard let p = buffer.baseAddress else { return nil }
        let n = buffer.count
        var i = position
        defer { position = i }
        while i < n {
            switch phase {
            case .inElement:
                switch boundary.scan(p, from: i, to: n) {
                case .ended(let end):
                    guard element.count(upTo: end) <= limit else { throw tooLarge() }
                    let bytes = element.take(buffer, upTo: end)
                    i = end
                    phase = .afterElement
                    defer { nextIndex += 1 }
                    return FramedElement(bytes: bytes, index: nextIndex, offset: element.offset, event: nil)
                case .needsMore:
                    guard element.count(upTo: n) <= limit else { throw tooLarge() }
                    element.carry(buffer, upTo: n)
                    i = n
                case .tooDeep(let at):
                    throw failure(at: streamOffset + at, .nestingTooDeep(limit: JSONValueBoundary.maxDepth))
                }
                continue
            case .skippingMember:
                switch boundary.scan(p, from: i, to: n) {
                case .ended(let end): i = end; phase = .afterMember
                case .needsMore: i = n
                case .tooDeep(let at): throw failure(at: streamOffset + at, .nestingTooDeep(limit: JSONValueBoundary.maxDepth))
                }
                continue
            case .key:
                i = try readKey(p, from: i, to: n, streamOffset: streamOffset)
                continue
            default:
                break
            }
            let byte = p[i]
            if JSONValueBoundary.isWhitespace(byte) { i += 1; continue }
            let here = streamOffset + i
            switch phase {
            case .root:
                if path.isEmpty {
                    guard byte == UInt8(ascii: "[") else {
                        throw failure(at: here, .malformedStream(reason: "expected an array at the root, found \(JSONValueBoundary.typeName(startingWith: byte))"))
                    }
                    phase = .firstElementOrEnd
                } else {
                    guard byte == UInt8(ascii: "{") else {
                        throw failure(at: here, .arrayNotFound(keyPath: keyPathText, found: "\(JSONValueBoundary.typeName(startingWith: byte)) at the root"))
                    }
                    envelopeDepth = 1
                    phase = .objectKeyOrEnd
                }
                i += 1
            case .objectKeyOrEnd, .objectKey:
                if byte == UInt8(ascii: "\"") {
                    key.removeAll(keepingCapacity: true)
                    keyEscaped = false
                    keyHasEscape = false
                    phase = .key
                } else if byte == UInt8(ascii: "}") && phase == .objectKeyOrEnd {
                    try closeObject(at: here)
                } else {
                    let expected = phase == .objectKey ? "a key after ','" : "a key or '}'"
                    throw failure(at: here, .malformedStream(reason: "expected \(expected), found \(JSONValueBoundary.shown(byte))"))
                }
                i += 1
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    throw failure(at: here, .malformedStream(reason: "expected ':' after a key, found \(JSONValueBoundary.shown(byte))"))
                }
                phase = .memberValue
                i += 1
            case .memberValue:
                if keyMatched {
                    let isLast = envelopeDepth == path.count
                    let wanted = isLast ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    guard byte == wanted else {
                        let at = path.prefix(envelopeDepth).joined(separator: ".")
                        throw failure(at: here, .arrayNotFound(keyPath: keyPathText, found: "\(JSONValueBoundary.typeName(startingWith: byte)) at \(at)"))
                    }
                    if isLast {
                        phase = .firstElementOrEnd
                    } else {
                        envelopeDepth += 1
                        phase = .objectKeyOrEnd
                    }
                    i += 1
                } else {
                    boundary.reset()
                    phase = .skippingMember
                }
            case .afterMember:
                if byte == UInt8(ascii: ",") {
                    phase = .objectKey
                } else if byte == UInt8(ascii: "}") {
                    try closeObject(at: here)
                } else {
                    throw failure(at: here, .malformedStream(reason: "expected ',' or '}' after a member, found \(JSONValueBoundary.shown(byte))"))
                }
                i += 1
            case .firstElementOrEnd, .elementAfterComma:
                if byte == UInt8(ascii: "]") {
                    guard phase == .firstElementOrEnd else {
                        throw failure(at: here, .malformedStream(reason: "expected a value after ',', found ']'"))
                    }
                    endArray()
                    i += 1
                } else {
                    element.begin(at: i, streamOffset: streamOffset)
                    boundary.reset()
                    phase = .inElement
                }
            case .afterElement:
                if byte == UInt8(ascii: ",") {
                    phase = .elementAfterComma
                } else if byte == UInt8(ascii: "]") {
                    endArray()
                } else {
                    throw failure(at: here, .malformedStream(reason: "expected ',' or ']' after an element, found \(JSONValueBoundary.shown(byte))"))
                }
                i += 1
            case .trailing:
                throw failure(at: here, .malformedStream(reason: "unexpected \(JSONValueBoundary.shown(byte)) after the root value"))
            case .inElement, .skippingMember, .key:
                break  // handled above
            }
        }
        return nil
    }

    package func finish(streamLength: Int) throws(StreamFramingError) -> FramedElement? {
        guard phase == .trailing else { throw failure(at: streamLength, .truncated) }
        return nil
    }

    /// Reads key bytes up to the closing quote; returns where reading stopped.
    private func readKey(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int, streamOffset: Int) throws(StreamFramingError) -> Int {
        var i = start
        while i < n {
            let byte = p[i]
            i += 1
            if keyEscaped {
                keyEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                keyEscaped = true
                keyHasEscape = true
            } else if byte == UInt8(ascii: "\"") {
                keyMatched = try matchesPath(at: streamOffset + i)
                phase = .colon
                return i
            }
            key.append(byte)
            guard key.count <= limit else {
                throw failure(at: streamOffset + i - key.count - 1, .elementTooLarge(limit: limit))   // at the key's quote
            }
        }
        return i
    }

    /// Whether the key just read is the key path's component at this depth (and the array is
    /// still to be found).
    private func matchesPath(at offset: Int) throws(StreamFramingError) -> Bool {
        guard !arrayDone, envelopeDepth <= path.count else { return false }
        if !keyHasEscape { return key == pathBytes[envelopeDepth - 1] }
        // A key with escapes is decoded by the document parser, which also checks it. The reason
        // reads as the model library words a malformed document.
        let quoted = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")]
        do {
            let decoded = try quoted.withUnsafeBytes { buffer in try JSONDocument.parseValue(buffer, lenient: false) }
            return decoded as? String == path[envelopeDepth - 1]
        } catch let error as JSONParseError {
            throw failure(at: offset, .malformedStream(reason: "malformed key: malformed JSON at byte \(error.offset): \(error.reason)"))
        } catch {
            throw failure(at: offset, .malformedStream(reason: "malformed key: malformed JSON: \(error)"))
        }
    }

    private func closeObject(at offset: Int) throws(StreamFramingError) {
        envelopeDepth -= 1
        if envelopeDepth > 0 {
            phase = .afterMember
            return
        }
        guard arrayDone else { throw failure(at: offset, .arrayNotFound(keyPath: keyPathText, found: "nothing")) }
        phase = .trailing
    }

    private func endArray() {
        if path.isEmpty {
            phase = .trailing
        } else {
            arrayDone = true
            phase = .afterMember
        }
    }

    private func tooLarge() -> StreamFramingError {
        StreamFramingError(elementIndex: nextIndex, offset: element.offset, kind: .elementTooLarge(limit: limit))
    }

    private func failure(at offset: Int, _ kind: StreamFramingError.Kind) -> StreamFramingError {
        StreamFramingError(elementIndex: nextIndex, offset: offset, kind: kind)
    }
}
