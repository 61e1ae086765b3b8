extension JSONNode {
    /// True for a number written without a fraction or exponent (`12`, `-9223372036854775809`).
    package var isIntegerLiteral: Bool {
        guard kind == .number else { return false }
        let range = byteRange
        return document.data[range].allSatisfy { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
    }
}
