import Foundation
import WrapModel
import WrapModelJSON

/// JSON samples and recorded responses, read by WrapModel's own reader, so `wrapgen` accepts what
/// the generated models accept (a leading byte-order mark and trailing commas included, as
/// `WrapModel(json:)` and `importModels(from:)` read them) and reports the reader's own errors.
enum JSONSource {
    /// The root value of `data`.
    /// - Parameter file: The file name errors name.
    /// - Throws: ``WrapGenError/malformedJSON(file:line:column:message:)`` with the line and
    ///   column (both from 1; columns count bytes) of the byte where the reader stopped.
    static func parse(_ data: Data, file: String) throws(WrapGenError) -> JSONNode {
        do {
            return try JSONDocument(data: data, lenient: true).root
        } catch {
            let (line, column) = position(ofByte: error.offset, in: data)
            throw .malformedJSON(file: file, line: line, column: column, message: error.reason)
        }
    }

    /// The line and column (both from 1, columns in bytes) of the byte at `offset`.
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

extension JSONNode {
    /// The JSON type with its article (`an object`, `a number`), for error messages.
    var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}
