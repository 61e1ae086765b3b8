/// One problem found in a model's data: where it is and what is wrong.
///
/// ```swift
/// for issue in order.validate() { print(issue) }   // purchases[2].price: expected number, found string
/// ```
public struct WrapModelIssue: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with a value. Not frozen: later versions may add kinds, so a `switch` over
    /// it should end with `default:`.
    public enum Kind: Equatable, Hashable, Sendable {
        /// A non-optional property has no value (absent or `null`).
        case missing
        /// The value is of another type than the property reads.
        case wrongType(expected: String, found: String)
        /// A string that no date format of the property parses.
        case unparseableDate(String)
        /// A string that is not one of the enum's known values.
        case unknownEnumValue(String)
        /// Elements of an array (or entries of a dictionary) that did not convert and were left out.
        case droppedElements(count: Int)
        /// The property names a value transformer that is not registered.
        case unknownTransformer(String)
        /// A key in the data that no declared property reads (see ``WrapValidationOptions/unmodeledKeys``).
        case unmodeledKey
        /// A property object of this class was created outside a model's initialisation (after
        /// `super.init`, in a `lazy var`, in a type that is not a model): no model gives it data,
        /// so it can only read its default. Declare it as a stored property of a model instead.
        case propertyOutsideModel(propertyClass: String)
        /// A ``WrapPolymorphic`` class's discriminator (or entity name) that names no class: the
        /// object got the declared class.
        case unknownDiscriminator(String)
        /// A ``WrapPolymorphic`` selector chose this class, which is not a subclass of the class
        /// being created: the object got the declared class.
        case incompatibleSubclass(String)
        /// A value was assigned to a property of a model created immutable: the write was
        /// dropped. Create the model with `mutable: true`, or edit ``WrapModel/editableCopy()``.
        case writeToImmutableModel
        /// The declaration said something its class cannot take from one model to the next (a
        /// key, alternative keys, `serializeForOutput` or `transient` other than its class's first
        /// model said): the model reads and writes as its class's first model declared. The text
        /// says what differed.
        case declarationDiffersPerModel(String)
        /// Two declarations cover the same data in a way a write through one cannot be shown by
        /// the other: writes through either are dropped, so both read the data as received. The
        /// text names the other declaration and why.
        case inconsistentOverlap(String)
    }

    /// The full key path from the root model, with array elements as `purchases[2].price`.
    public let keyPath: String
    /// What is wrong.
    public let kind: Kind

    /// An issue at `keyPath` (full path from the root model).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - kind: What is wrong.
    public init(keyPath: String, kind: Kind) {
        self.keyPath = keyPath
        self.kind = kind
    }

    /// A one-line message naming the key path and what was found; an empty key path (the
    /// model's own level) is written `<root>`.
    public var description: String {
        let keyPath = WrapModelIssue.displayed(self.keyPath)
        switch kind {
        case .missing: return "\(keyPath): missing value"
        case .wrongType(let expected, let found): return "\(keyPath): expected \(expected), found \(found)"
        case .unparseableDate(let string): return "\(keyPath): unparseable date \"\(string)\""
        case .unknownEnumValue(let string): return "\(keyPath): unknown enum value \"\(string)\""
        case .droppedElements(let count):
            return count == 1
                ? "\(keyPath): 1 element did not convert and was dropped"
                : "\(keyPath): \(count) elements did not convert and were dropped"
        case .unknownTransformer(let name): return "\(keyPath): no value transformer named \"\(name)\""
        case .unmodeledKey: return "\(keyPath): not read by any property"
        case .propertyOutsideModel(let propertyClass):
            return "\(keyPath): \(propertyClass) created outside a model's initialisation reads only its default"
        case .unknownDiscriminator(let value): return "\(keyPath): no subclass for \"\(value)\""
        case .incompatibleSubclass(let name): return "\(keyPath): selected class \(name) is not a subclass of the declared class"
        case .writeToImmutableModel: return "\(keyPath): write dropped: the model is immutable (create it with mutable: true, or write to its editableCopy())"
        case .declarationDiffersPerModel(let reason): return "\(keyPath): declaration refused: \(reason)"
        case .inconsistentOverlap(let reason): return "\(keyPath): overlap refused: \(reason)"
        }
    }

    /// `keyPath` as messages show it: `<root>` when empty, so a message never reads "at : …".
    static func displayed(_ keyPath: String) -> String { keyPath.isEmpty ? "<root>" : keyPath }
}

extension WrapModelIssue.Kind {
    /// The earlier spelling of ``unmodeledKey``.
    @available(*, deprecated, renamed: "unmodeledKey")
    public static var unmodelledKey: WrapModelIssue.Kind { .unmodeledKey }
}

/// Collects issues during one validation pass.
final class IssueCollector {
    private(set) var issues: [WrapModelIssue] = []

    func add(_ issue: WrapModelIssue) { issues.append(issue) }
    var count: Int { issues.count }
}
