import Foundation
import WrapModelJSON

/// A raw value found in a model's data, before conversion.
enum DataValue {
    case native(Any)
    case json(JSONNode)

    /// The value as a plain Swift / Foundation value (JSON is converted here, once per read).
    var any: Any {
        switch self {
        case .native(let value): return value
        case .json(let node): return node.materialize()
        }
    }

    var isNull: Bool {
        switch self {
        case .native(let value): return NativeValue.isNull(value)
        case .json(let node): return node.isNull
        }
    }

    /// Storage for a submodel when this value is an object.
    var objectStorage: ModelStorage? {
        switch self {
        case .native(let value): return NativeValue.object(value).map(ModelStorage.init)
        case .json(let node): return node.kind == .object ? ModelStorage(node: node) : nil
        }
    }

    /// The elements when this value is an array.
    var elements: [DataValue]? {
        switch self {
        case .native(let value): return NativeValue.array(value)?.map(DataValue.native)
        case .json(let node): return node.kind == .array ? node.elements.map(DataValue.json) : nil
        }
    }

    /// The members when this value is an object (with duplicate keys, the last one).
    var members: [(key: String, value: DataValue)]? {
        switch self {
        case .native(let value):
            return NativeValue.object(value)?.map { (key: $0.key, value: DataValue.native($0.value)) }
        case .json(let node):
            guard node.kind == .object else { return nil }
            var members: [String: DataValue] = [:]
            node.forEachMember { key, value in members[key] = .json(value) }
            return members.map { (key: $0.key, value: $0.value) }
        }
    }

    /// The value under `path` when this value is an object.
    func lookup(_ path: KeyPathComponents) -> DataValue? {
        objectStorage?.lookup(path)
    }

    /// A short name of the JSON type found, for error messages.
    var typeDescription: String {
        switch self {
        case .native(let value): return JSONTypeName.of(value)
        case .json(let node): return JSONTypeName.of(node)
        }
    }
}
