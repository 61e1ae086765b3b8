import Foundation
@testable import WrapModelJSON

/// Helpers shared by the JSON tests: loading bundled documents and comparing JSON value trees
/// structurally, independent of how Foundation or our reader box them.
enum JSONTestSupport {
    static let documentNames = ["twitter", "github", "tweet", "truenull", "simple_object"]

    /// A sample document. The documents are the model tests' resources as well; this target reads
    /// them from the source tree rather than keep a second copy.
    static func data(_ name: String) throws -> Data {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("WrapModelTests/Resources")
        return try Data(contentsOf: resources.appendingPathComponent("\(name).json"))
    }

    /// A value tree with one canonical representation per JSON value.
    indirect enum Canonical {
        case object([String: Canonical])
        case array([Canonical])
        case string(String)
        case integer(Int128)
        case double(Double)
        case bool(Bool)
        case null
        case unknown(String)
    }

    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    static func canonical(_ value: Any) -> Canonical {
        switch value {
        case is NSNull: return .null
        case let v as [String: Any]: return .object(v.mapValues(canonical))
        case let v as [Any]: return .array(v.map(canonical))
        case let v as String: return .string(v)
        default: break
        }
        let t = type(of: value)
        if t == Bool.self { return .bool(value as! Bool) }
        if t == Int.self { return .integer(Int128(value as! Int)) }
        if t == Double.self { return .double(value as! Double) }
        if let n = value as? NSNumber {
            if type(of: n) == booleanClass { return .bool(n.boolValue) }
            switch UInt8(bitPattern: n.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return .double(n.doubleValue)
            case UInt8(ascii: "Q"): return .integer(Int128(n.uint64Value))
            default: return .integer(Int128(n.int64Value))
            }
        }
        return .unknown("\(type(of: value))")
    }

    /// nil when equal, else a description of the first difference (numbers compare by value;
    /// booleans never equal numbers; strings compare by exact UTF-8 bytes).
    static func difference(_ a: Any, _ b: Any) -> String? {
        difference(canonical(a), canonical(b), path: "$")
    }

    private static func difference(_ a: Canonical, _ b: Canonical, path: String) -> String? {
        switch (a, b) {
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) members" }
            for (key, value) in x {
                guard let other = y[key] else { return "\(path): missing key \(key)" }
                if let d = difference(value, other, path: path + "." + key) { return d }
            }
            return nil
        case let (.array(x), .array(y)):
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
            for (i, (l, r)) in zip(x, y).enumerated() {
                if let d = difference(l, r, path: path + "[\(i)]") { return d }
            }
            return nil
        case let (.string(x), .string(y)):
            return x.utf8.elementsEqual(y.utf8) ? nil : "\(path): \(x) vs \(y)"
        case let (.integer(x), .integer(y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case let (.double(x), .double(y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case let (.integer(x), .double(y)), let (.double(y), .integer(x)):
            return Double(x) == y ? nil : "\(path): \(x) vs \(y)"
        case let (.bool(x), .bool(y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case (.null, .null):
            return nil
        default:
            return "\(path): \(a) vs \(b)"
        }
    }

    static func parseError(_ text: String, maxDepth: Int = 512) -> JSONParseError? {
        parseError(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The error from both the tape builder and the eager reader (which must agree), or nil.
    static func parseError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONParseError? {
        var tapeError: JSONParseError?
        do throws(JSONParseError) {
            _ = try JSONDocument(bytes: bytes, maxDepth: maxDepth)
        } catch {
            tapeError = error
        }
        var eagerError: JSONParseError?
        do throws(JSONParseError) {
            _ = try JSONDocument.parseValue(Data(bytes), maxDepth: maxDepth)
        } catch {
            eagerError = error
        }
        return tapeError == eagerError ? tapeError : JSONParseError(reason: "readers disagree", offset: -1)
    }
}
