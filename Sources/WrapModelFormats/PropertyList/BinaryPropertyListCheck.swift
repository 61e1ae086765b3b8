import Foundation

/// Checks that a binary property list is whole before Foundation reads it: on Linux Foundation
/// accepts some truncated ones (the 8-byte header alone reads as an empty value).
///
/// A binary property list is a header (`bplist` and a two-byte version), objects, an offset table,
/// and a 32-byte trailer giving the offset size, the reference size, the object count, the top
/// object and where the offset table starts. A cut file loses the trailer or points past its end.
package enum BinaryPropertyListCheck {
    /// - Throws: ``PropertyListError/malformed(reason:)`` when the data is not a whole binary property list.
    package static func checkComplete(_ data: Data) throws(PropertyListError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist".utf8)) else {
            throw .malformed(reason: "binary property list too short (\(bytes.count) bytes)")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        func word(_ at: Int) -> UInt64 { bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        let objectCount = word(trailer + 8)
        let topObject = word(trailer + 16)
        let tableOffset = word(trailer + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount > 0, topObject < objectCount,
              tableOffset >= 8, tableOffset < UInt64(trailer),
              objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize) else {
            throw .malformed(reason: "binary property list trailer is damaged or the data is cut")
        }
    }
}
