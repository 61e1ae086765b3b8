import Foundation
import WrapModelJSON

/// What a selector said about one object.
enum SelectionOutcome {
    /// The class being created: no selector, no discriminator, or the selector returned nil.
    case base
    case selected(WrapModel.Type)
    /// The class being created, and a problem `validate()` reports (key path relative to the model).
    case problem(keyPath: String, kind: WrapModelIssue.Kind)
}

/// A class's selector, boxed so the per-thread cache holds it without copying.
final class SelectorBox: Sendable {
    let selector: WrapSubclassSelector
    /// For a discriminator table: the key path, when it is one key, and the entries whose class
    /// is the boxed class or one of its subclasses — what `resolve` may return without a cast.
    let directKey: String?
    let validTable: [(utf8: [UInt8], value: WrapModel.Type)]

    init(_ selector: WrapSubclassSelector, for modelClass: WrapModel.Type) {
        self.selector = selector
        if case .discriminator(let path, let table) = selector.rule, !path.isDotted {
            directKey = path.keyPath
            validTable = table.filter { $0.value.isSubclass(of: modelClass) }
                .sorted { $0.key < $1.key }
                .map { (utf8: Array($0.key.utf8), value: $0.value) }
        } else {
            directKey = nil
            validTable = []
        }
    }
}

/// The one place that decides which class wraps an object: every site that creates models from
/// data goes through ``select(_:storage:)`` (via `WrapModel.make(over:mutable:lock:selecting:)`) or ``resolve(_:storage:)``.
enum SubclassSelection {
    /// The selector of `modelClass`, if it adopts `WrapPolymorphic` (read once, with its class table).
    static func selector(of modelClass: WrapModel.Type) -> SelectorBox? {
        ModelClassTable.of(modelClass).selector
    }

    /// The class to create for `storage` when `type` is asked for: `type` or one of its subclasses.
    static func resolve<M: WrapModel>(_ type: M.Type, storage: ModelStorage) -> M.Type {
        select(type, storage: storage).type
    }

    /// The class to create for `storage` when `type` is asked for, and the storage to create it
    /// over. A versioned `type` chooses by its data migrated with `type`'s own steps (a step may
    /// rename or move the discriminator); the chosen class is then created over that migrated
    /// data, and runs from its version whatever steps of its own list remain.
    /// Every model made through the factory comes here: the class's table is borrowed (every
    /// model of the class shares it).
    static func select<M: WrapModel>(_ type: M.Type, storage: ModelStorage) -> (type: M.Type, storage: ModelStorage) {
        ModelClassTable.unretained(type)._withUnsafeGuaranteedRef { table in
            guard let box = table.selector else { return (type, storage) }
            guard let versioning = table.versioning else { return (choose(type, box, storage), storage) }
            let migrated = WrapModel.migrated(storage, versioning).0
            return (choose(type, box, migrated), migrated)
        }
    }

    private static func choose<M: WrapModel>(_ type: M.Type, _ box: SelectorBox, _ storage: ModelStorage) -> M.Type {
        // The usual case, a string discriminator in a JSON document: one member lookup and one
        // table lookup. `validTable` holds only subclasses of `type`, so the bit cast is safe.
        if let key = box.directKey, let object = storage.jsonObject,
           let match = object.member(key)?.matchingString(in: box.validTable) {
            return match.map { unsafeBitCast($0, to: M.Type.self) } ?? type
        }
        if let key = box.directKey, let dictionary = storage.nativeDictionary,
           let text = dictionary[key].flatMap(NativeValue.string) {
            let match = box.validTable.first { $0.utf8.elementsEqual(text.utf8) }
            return match.map { unsafeBitCast($0.value, to: M.Type.self) } ?? type
        }
        guard case .selected(let chosen) = outcome(of: box.selector, storage: storage) else { return type }
        // A class outside the family gives the declared one; validate() reports it.
        return chosen as? M.Type ?? type
    }

    /// What `selector` says about the object in `storage`. Never traps on any data.
    static func outcome(of selector: WrapSubclassSelector, storage: ModelStorage) -> SelectionOutcome {
        switch selector.rule {
        case .discriminator(let path, let table):
            // The usual case, a string member of a JSON document's object, is read straight from
            // the document: no stored-value or `Any` box is made (this runs once per model).
            if let object = storage.jsonObject, !path.isDotted, let text = object.member(path.keyPath)?.stringValue {
                return table[text].map(SelectionOutcome.selected) ?? .problem(keyPath: path.keyPath, kind: .unknownDiscriminator(text))
            }
            guard let stored = storage.lookup(path) else { return .base }
            guard !stored.isNull else { return .base }
            guard let text = discriminatorText(stored.any) else {
                return .problem(keyPath: path.keyPath, kind: .wrongType(expected: "string", found: stored.typeDescription))
            }
            guard let chosen = table[text] else { return .problem(keyPath: path.keyPath, kind: .unknownDiscriminator(text)) }
            return .selected(chosen)
        case .choose(let body):
            return body(WrapSelectionData(storage: storage)).map(SelectionOutcome.selected) ?? .base
        case .entityMapper(let name, let table):
            guard let transformer = WrapValueTransformers.transformer(named: name) else {
                return .problem(keyPath: "", kind: .unknownTransformer(name))
            }
            switch transformer.forward(storage.originalData) {
            case let chosen as WrapModel.Type: return .selected(chosen)
            case let entity as String:
                guard let chosen = table.map({ $0[entity] }) ?? WrapModelClasses.modelClass(named: entity) else {
                    return .problem(keyPath: "", kind: .unknownDiscriminator(entity))
                }
                return .selected(chosen)
            default: return .base
            }
        }
    }

    /// A discriminator as the table's key: a string, or a number's decimal text.
    private static func discriminatorText(_ value: Any) -> String? {
        if let string = NativeValue.string(value) { return string }
        let kind = type(of: value)
        if kind == Bool.self { return nil }
        if kind == Int.self { return String(value as! Int) }
        if kind == Int64.self { return String(value as! Int64) }
        if kind == UInt64.self { return String(value as! UInt64) }
        let double: Double
        if kind == Double.self {
            double = value as! Double
        } else if let number = NumberReading.foundationNumber(value), !NumberReading.isBoolean(number) {
            guard NumberReading.isFloatingPoint(number) else { return number.stringValue }
            // An NSDecimalNumber (JSONSerialization's long literals and integers at Int64's edges)
            // by its exact digits, as the same literal reads from bytes: an integer as its text,
            // any other number as the Double nearest its digits, not Linux's inexact doubleValue.
            if let decimal = NumberReading.decimal(of: number) {
                let text = decimal.description
                if Int64(text) != nil || UInt64(text) != nil { return text }
            }
            double = NumberReading.doubleValue(number)
        } else if kind == Decimal.self, let form = NumberReading.foundationForm(value, kind) {
            return discriminatorText(form)   // as its NSDecimalNumber
        } else {
            return nil
        }
        if double.isFinite, double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }

    /// The problem `validate()` reports for `model`'s class and data, if any: what the selector
    /// could not resolve, or a chosen class unrelated to the model's own.
    static func problem(for model: WrapModel) -> (keyPath: String, kind: WrapModelIssue.Kind)? {
        let modelClass = type(of: model)
        guard let box = selector(of: modelClass) else { return nil }
        switch outcome(of: box.selector, storage: model.storage) {
        case .base: return nil
        case .problem(let keyPath, let kind): return (keyPath, kind)
        case .selected(let chosen):
            if chosen.isSubclass(of: modelClass) || modelClass.isSubclass(of: chosen) { return nil }
            return ("", .incompatibleSubclass(String(describing: chosen)))
        }
    }
}
