import Foundation

/// The original data a model wraps: never changed after the model is created.
///
/// Because it is immutable, converting a value on first read needs no lock; only the per-property
/// caches change, and they are guarded separately.
final class ModelStorage: @unchecked Sendable {
    private let dictionary: [String: Any]

    init(_ dictionary: [String: Any]) {
        self.dictionary = dictionary
    }

    /// The wrapped dictionary, as given.
    var originalData: [String: Any] { dictionary }

    /// The value at a key path, or nil when a component is absent or passes through a non-dictionary.
    func lookup(_ path: KeyPathComponents) -> StoredValue? {
        if path.isRoot { return .native(dictionary) }
        if !path.isDotted { return dictionary[path.keyPath].map(StoredValue.native) }
        let components = path.components
        var level = dictionary
        for component in components.dropLast() {
            guard let next = level[component] as? [String: Any] else { return nil }
            level = next
        }
        return level[components[components.count - 1]].map(StoredValue.native)
    }
}

/// A raw value found in a model's data, before conversion.
enum StoredValue {
    case native(Any)

    /// The value as a plain Swift / Foundation value.
    var any: Any {
        switch self {
        case .native(let value): return value
        }
    }

    var isNull: Bool {
        switch self {
        case .native(let value): return value is NSNull
        }
    }

    /// Storage for a submodel when this value is an object.
    var objectStorage: ModelStorage? {
        switch self {
        case .native(let value): return (value as? [String: Any]).map(ModelStorage.init)
        }
    }

    /// The elements when this value is an array.
    var elements: [StoredValue]? {
        switch self {
        case .native(let value): return (value as? [Any])?.map(StoredValue.native)
        }
    }

    /// The members when this value is an object, in no particular order.
    var members: [(key: String, value: StoredValue)]? {
        switch self {
        case .native(let value):
            return (value as? [String: Any])?.map { (key: $0.key, value: StoredValue.native($0.value)) }
        }
    }

    /// The value under `path` when this value is an object.
    func lookup(_ path: KeyPathComponents) -> StoredValue? {
        objectStorage?.lookup(path)
    }

    /// A short name of the JSON type found, for error messages.
    var typeDescription: String { JSONTypeName.of(any) }
}
