import Foundation
import WrapModelJSON

/// The keyed-archive form of a model's data.
///
/// The data is archived as compact JSON (one `NSData`) when it has a JSON form. When it holds
/// values JSON cannot (a NaN or infinite number, a `Date`, `Data`), it is archived as a property
/// list dictionary of plain Foundation classes under the same key, the form 1.3.7 archives use:
/// those values then decode back as they were. A decimal (`Decimal` or `NSDecimalNumber`) is held
/// there as a property list holds it (see `PropertyListValues.plistForm(of:)`). Values with no
/// archivable form at all (objects of other classes) are left out of that dictionary: archiving
/// never fails or traps.
extension WrapModel {
    /// The Foundation classes the archived dictionary may hold, for secure decoding.
    static let archivedClasses: [AnyClass] = [
        NSData.self, NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSNull.self,
    ]

    /// Encodes the model's whole data (original data overlaid with current values) under `key`:
    /// what persistence stores. A value written as nil is left out, as it is from the model's
    /// data (nulls the data holds stay), so the unarchived model holds the same data.
    func encodeData(with coder: NSCoder, forKey key: String) {
        let tree = outputTree(WrapEncodingContext(.persistence))
        if let json = try? JSONOutput.bytes(tree.writable, options: [.sortedKeys]) {
            coder.encode(Data(json) as NSData, forKey: key)
        } else {
            coder.encode(ArchivedValues.archivable(tree.plain, depth: 0), forKey: key)
        }
    }

    /// The storage archived under `key` by ``encodeData(with:forKey:)`` (or by 1.3.7); nil when
    /// there is none or it is not an object. JSON is read leniently.
    static func decodedStorage(from coder: NSCoder, forKey key: String) -> ModelStorage? {
        guard let archived = coder.decodeObject(of: archivedClasses, forKey: key) else { return nil }
        if let json = archived as? NSData {
            return try? JSONInput.storage(from: json as Data, lenient: true)
        }
        guard let object = PropertyListValues.native(archived, depth: 0).flatMap(NativeValue.object) else { return nil }
        return ModelStorage(object)
    }
}

/// JSON-shaped values as the plain Foundation objects keyed archives hold.
enum ArchivedValues {
    /// `value` as an archivable object, or nil when it has no archivable form (left out by the caller).
    static func archivable(_ value: Any, depth: Int) -> NSObject? {
        guard depth <= NestingLimit.maxDepth else { return nil }
        if let number = NumberReading.foundationNumber(value) {
            // An NSDecimalNumber is stored as a property list stores a decimal: Linux Foundation's
            // keyed archiver crashes on one (and other readers need not know the class).
            guard let decimal = NumberReading.decimal(of: number) else { return number }
            return archivable(PropertyListValues.plistForm(of: decimal), depth: depth)
        }
        if NativeValue.isNull(value) { return NSNull() }
        if let object = NativeValue.object(value) {
            let result = NSMutableDictionary(capacity: object.count)
            for (key, element) in object {
                if let archived = archivable(element, depth: depth + 1) { result[NSString(string: key)] = archived }
            }
            return result
        }
        if let array = NativeValue.array(value) {
            return NSArray(array: array.compactMap { archivable($0, depth: depth + 1) })
        }
        if let string = NativeValue.string(value) { return NSString(string: string) }
        // A Decimal (what a written `Decimal` property holds) likewise.
        if type(of: value) == Decimal.self { return archivable(PropertyListValues.plistForm(of: value as! Decimal), depth: depth) }
        switch value {
        case let bool as Bool: return NSNumber(value: bool)
        case let int as Int: return NSNumber(value: int)
        case let double as Double: return NSNumber(value: double)
        case let float as Float: return NSNumber(value: NumberReading.outputDouble(float))
        case let date as Date: return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let data as Data: return NSData(data: data)
        default: return nil
        }
    }
}

/// The keys of a model's archive.
enum ArchiveKey {
    static let mutable = "mutable"
    static let data = "data"
}
