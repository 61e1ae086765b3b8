import Foundation
import WrapModelJSON

/// Writes XML property lists itself, because Foundation's writer on Linux drops the sign of
/// `-0.0` (it writes `<real>0.0</real>`), and property lists should hold what JSON holds.
///
/// The layout is Foundation's: the standard header, tab indentation, dictionary keys sorted.
/// Reals are written in their shortest round-tripping form (`-0.0`, `0.1`, `1e+300`; `nan`,
/// `+infinity`, `-infinity` as Apple documents them), so every double reads back exactly.
/// Values must already be free of nulls (see the model library's `PropertyListValues.withoutNulls`).
package struct XMLPropertyListWriter {
    private var output = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The XML property list of `value`.
    /// - Throws: ``PropertyListError/unencodable(keyPath:found:)`` for a value no property list holds.
    package static func data(_ value: Any) throws(PropertyListError) -> Data {
        var writer = XMLPropertyListWriter()
        try writer.write(value, indent: 0, path: "")
        writer.output += "</plist>\n"
        return Data(writer.output.utf8)
    }

    private mutating func line(_ indent: Int, _ text: String) {
        output += String(repeating: "\t", count: indent) + text + "\n"
    }

    private mutating func write(_ value: Any, indent: Int, path: String) throws(PropertyListError) {
        if let number = NumberReading.foundationNumber(value) {
            if NumberReading.isBoolean(number) { return line(indent, number.boolValue ? "<true/>" : "<false/>") }
            if NumberReading.isFloatingPoint(number) { return line(indent, "<real>\(Self.real(NumberReading.doubleValue(number)))</real>") }
            let text = NumberReading.isLargeUnsigned(number) ? String(number.uint64Value) : String(number.int64Value)
            return line(indent, "<integer>\(text)</integer>")
        }
        if let string = NativeValue.string(value) { return line(indent, "<string>\(Self.escaped(string))</string>") }
        if let object = NativeValue.object(value) {
            guard !object.isEmpty else { return line(indent, "<dict/>") }
            line(indent, "<dict>")
            for key in object.keys.sorted() {
                line(indent + 1, "<key>\(Self.escaped(key))</key>")
                try write(object[key]!, indent: indent + 1, path: path.isEmpty ? key : "\(path).\(key)")
            }
            return line(indent, "</dict>")
        }
        if let array = NativeValue.array(value) {
            guard !array.isEmpty else { return line(indent, "<array/>") }
            line(indent, "<array>")
            for (index, element) in array.enumerated() { try write(element, indent: indent + 1, path: "\(path)[\(index)]") }
            return line(indent, "</array>")
        }
        switch value {
        case let bool as Bool: line(indent, bool ? "<true/>" : "<false/>")
        case let int as Int: line(indent, "<integer>\(int)</integer>")
        case let unsigned as UInt64: line(indent, "<integer>\(unsigned)</integer>")
        case let double as Double: line(indent, "<real>\(Self.real(double))</real>")
        case let float as Float: line(indent, "<real>\(Self.real(NumberReading.outputDouble(float)))</real>")
        case let date as Date: line(indent, "<date>\(Self.dateFormat.format(date))</date>")
        case let data as Data: line(indent, "<data>\(data.base64EncodedString())</data>")
        default: throw .unencodable(keyPath: path, found: String(describing: type(of: value)))
        }
    }

    /// How dates are written (and read back by `XMLPropertyListReader`): `2011-01-01T00:00:00Z`.
    static let dateFormat = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)

    static func real(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-infinity" : "+infinity" }
        return double.description
    }

    static func escaped(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return string
        }
        return string.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
