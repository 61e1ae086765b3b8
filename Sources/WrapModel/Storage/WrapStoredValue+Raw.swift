import Foundation
import WrapModelJSON

extension WrapStoredValue {
    /// What a stored value is underneath: a Foundation value or a node of a parsed document.
    /// Inside the library a value found in a model's data travels as this (null included, before
    /// any conversion); codecs receive it wrapped, never absent and never null.
    enum Raw {
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
        var elements: [WrapStoredValue.Raw]? {
            switch self {
            case .native(let value): return NativeValue.array(value)?.map(WrapStoredValue.Raw.native)
            case .json(let node): return node.kind == .array ? node.elements.map(WrapStoredValue.Raw.json) : nil
            }
        }

        /// The members when this value is an object (with duplicate keys, the last one).
        var members: [(key: String, value: WrapStoredValue.Raw)]? {
            switch self {
            case .native(let value):
                return NativeValue.object(value)?.map { (key: $0.key, value: WrapStoredValue.Raw.native($0.value)) }
            case .json(let node):
                guard node.kind == .object else { return nil }
                var members: [String: WrapStoredValue.Raw] = [:]
                node.forEachMember { key, value in members[key] = .json(value) }
                return members.map { (key: $0.key, value: $0.value) }
            }
        }

        /// The value under `path` when this value is an object.
        func lookup(_ path: KeyPathComponents) -> WrapStoredValue.Raw? {
            objectStorage?.lookup(path)
        }

        /// The value as an `Int`: integers as they are, other numbers rounded, numeric strings
        /// parsed; nil when out of range or not numeric. JSON integers are read straight from the
        /// document; an integer literal too large for `Int` is out of range even where its nearest
        /// `Double` would fit (`-9223372036854775809`).
        var int: Int? {
            if case .json(let node) = self, node.kind == .number {
                if let int = node.intValue { return int }
                if node.isIntegerLiteral { return nil }
            }
            return NumberReading.int(any)
        }

        /// A short name of the JSON type found, for error messages.
        var typeDescription: String {
            switch self {
            case .native(let value): return JSONTypeName.of(value)
            case .json(let node): return JSONTypeName.of(node)
            }
        }
    }
}
