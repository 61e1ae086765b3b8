import Foundation
import WrapModelJSON

/// Turns JSON-shaped values into bytes of a ``WrapDataFormat`` and back.
enum PersistenceCoding {
    static func encode(_ value: Any, format: WrapDataFormat, prettyPrinted: Bool) throws(WrapModelError) -> Data {
        switch format {
        case .json:
            return Data(try JSONOutput.bytes(value, options: prettyPrinted ? [.prettyPrinted, .sortedKeys] : []))
        case .xmlPlist, .binaryPlist:
            // Property lists have no null: a null is dropped with its key (or array slot).
            guard let plist = PropertyListValues.withoutNulls(value, depth: 0) else {
                throw .unencodable(keyPath: "", found: "nesting deeper than \(NestingLimit.maxDepth)")
            }
            if format == .xmlPlist { return try XMLPropertyListWriter.data(plist) }
            do {
                return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            } catch {
                throw .unencodable(keyPath: "", found: String(describing: error))
            }
        }
    }

    static func decode(_ data: Data, format: WrapDataFormat) throws(WrapModelError) -> Any {
        switch format {
        case .json:
            return try JSONInput.value(from: data, lenient: true)
        case .xmlPlist, .binaryPlist:
            // The package's own reader first: Foundation's drops a leading U+FEFF from strings and
            // keys on Linux. It leaves documents it does not read (and malformed ones) to Foundation.
            if format == .xmlPlist, let value = try XMLPropertyListReader.value(from: data) { return value }
            do {
                if format == .binaryPlist { try BinaryPropertyListCheck.checkComplete(data) }
                var found = PropertyListSerialization.PropertyListFormat.xml
                let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &found)
                // Foundation reads any format it knows; an explicit format must be the one found.
                guard found == (format == .xmlPlist ? .xml : .binary) else {
                    throw WrapModelError.malformedPropertyList(reason: "not \(format == .xmlPlist ? "an XML" : "a binary") property list")
                }
                guard let native = PropertyListValues.native(plist, depth: 0) else {
                    throw WrapModelError.malformedPropertyList(reason: "nesting deeper than \(NestingLimit.maxDepth)")
                }
                return native
            } catch let error as WrapModelError {
                throw error
            } catch {
                throw .malformedPropertyList(reason: String(describing: error))
            }
        }
    }

    static func readFile(_ url: URL) throws(WrapModelError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? FileErrorReason.describe(error) : "no such file"
            throw .unreadable(url, reason: reason)
        }
    }

    /// Writes to a temporary file beside `url` and renames it over `url`, so a crash mid-write
    /// never leaves a half-written file where a good one stood.
    static func writeFile(_ data: Data, to url: URL) throws(WrapModelError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritable(url, reason: FileErrorReason.describe(error))
        }
    }

    /// Decodes a file's bytes, naming the file in any error.
    static func decodeFile(_ url: URL, format: WrapDataFormat?) throws(WrapModelError) -> Any {
        let data = try readFile(url)
        do {
            return try decode(data, format: format ?? WrapDataFormat.detect(data))
        } catch {
            throw .unreadable(url, reason: error.description)
        }
    }

    static func string(_ data: Data, format: WrapDataFormat) throws(WrapModelError) -> String {
        guard format != .binaryPlist else {
            throw .unencodable(keyPath: "", found: "a binary property list (not text)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Property lists on Linux come back as `NSNumber`s and `[AnyHashable: Any]`, and refuse `NSNull`.
enum PropertyListValues {
    /// `value` with every null dropped and decimals in a property-list form; nil when nested deeper than ``NestingLimit/maxDepth``.
    static func withoutNulls(_ value: Any, depth: Int) -> Any? {
        guard depth <= NestingLimit.maxDepth else { return nil }
        if let dictionary = NativeValue.object(value) {
            var result: [String: Any] = [:]
            result.reserveCapacity(dictionary.count)
            for (key, element) in dictionary where !NativeValue.isNull(element) {
                guard let kept = withoutNulls(element, depth: depth + 1) else { return nil }
                result[key] = kept
            }
            return result
        }
        if let array = NativeValue.array(value) {
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for element in array where !NativeValue.isNull(element) {
                guard let kept = withoutNulls(element, depth: depth + 1) else { return nil }
                result.append(kept)
            }
            return result
        }
        if let decimal = exactDecimal(value) { return plistForm(of: decimal) }
        return value
    }

    /// The exact decimal a `Decimal` or `NSDecimalNumber` holds; nil for every other value.
    private static func exactDecimal(_ value: Any) -> Decimal? {
        if type(of: value) == Decimal.self { return value as? Decimal }
        // By metatype: `as? NSDecimalNumber` would bridge every Swift number on Linux to say no.
        return NumberReading.foundationNumber(value).flatMap(NumberReading.decimal(of:))
    }

    /// A property list has no decimal type: an integral decimal is stored as an integer, one a
    /// `Double` holds exactly as a real, and any other (more digits than a `Double` keeps, such as
    /// `12345678901234567890.123`) as its exact text, which `Decimal` properties read back exactly.
    static func plistForm(of decimal: Decimal) -> Any {
        guard !decimal.isNaN else { return Double.nan }
        let text = decimal.description
        if let integer = Int64(text) { return NSNumber(value: integer) }
        if let unsigned = UInt64(text) { return NSNumber(value: unsigned) }
        if let double = Double(text), Decimal(string: double.description) == decimal { return double }
        return text
    }

    /// Swift natives, with booleans, integers and doubles told apart as the plist stored them, and
    /// Foundation's strings, dates and data (what Apple platforms' reader returns) as `String`,
    /// `Date` and `Data`. Nil when nested deeper than ``NestingLimit/maxDepth``.
    static func native(_ value: Any, depth: Int) -> Any? {
        guard depth <= NestingLimit.maxDepth else { return nil }
        if let number = NumberReading.foundationNumber(value) {
            if NumberReading.isBoolean(number) { return number.boolValue }
            return NumberReading.isFloatingPoint(number) ? number.doubleValue : NumberReading.integerOutput(number)
        }
        switch value {
        case let dictionary as [AnyHashable: Any]:
            var result: [String: Any] = [:]
            result.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let converted = native(element, depth: depth + 1) else { return nil }
                result[String(describing: key.base)] = converted
            }
            return result
        case let array as [Any]:
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for element in array {
                guard let converted = native(element, depth: depth + 1) else { return nil }
                result.append(converted)
            }
            return result
        default:
            return NativeValue.swiftLeaf(value)
        }
    }
}
