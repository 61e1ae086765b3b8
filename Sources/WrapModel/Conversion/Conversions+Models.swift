import Foundation

extension Conversions {
    /// An object in, a submodel sharing the parent's lock and mutability out; output is its current data.
    static func model<M: WrapModel>(_: M.Type) -> WrapConversion<M> {
        WrapConversion(
            expected: "object",
            decode: { stored, context in
                guard let storage = stored.objectStorage else { return nil }
                return submodel(M.self, storage: storage, context: context, keyPath: context.keyPath)
            },
            encode: { model, context in model.outputTree(context) },
            adopt: { model, parent in model.copy(intoTreeOf: parent) },
            containsMutations: { $0.hasMutations },
            modelClass: M.self)
    }

    /// A model over the parent's own dictionary level.
    static func group<M: WrapModel>(_: M.Type) -> WrapConversion<M> {
        WrapConversion(
            expected: "object",
            decode: { _, context in
                submodel(M.self, storage: context.storage, context: context, keyPath: context.keyPath)
            },
            encode: { model, context in model.outputTree(context) },
            adopt: { model, parent in model.copy(intoTreeOf: parent) },
            containsMutations: { $0.hasMutations },
            modelClass: M.self)
    }

    /// Arrays of objects; `embedPath` (if any) is where each element keeps its model's object.
    static func modelArray<M: WrapModel>(_: M.Type, embedPath: KeyPathComponents? = nil) -> WrapConversion<[M]> {
        WrapConversion(
            expected: "array",
            decode: { stored, context in
                guard let elements = stored.elements else { return nil }
                var models: [M] = []
                models.reserveCapacity(elements.count)
                var dropped = 0
                for (index, element) in elements.enumerated() {
                    let objectValue = embedPath.map { element.lookup($0) } ?? element
                    let elementPath = "\(context.keyPath)[\(index)]"
                    if let storage = objectValue?.objectStorage {
                        let path = embedPath.map { "\(elementPath).\($0.components.joined(separator: "."))" } ?? elementPath
                        models.append(submodel(M.self, storage: storage, context: context, keyPath: path))
                    } else {
                        dropped += 1
                    }
                }
                if dropped > 0 { context.report(.droppedElements(count: dropped)) }
                return models
            },
            encode: { models, context in
                models.map { model -> Any in
                    let data = model.outputTree(context)
                    guard let embedPath else { return data }
                    var wrapper: [String: Any] = [:]
                    DictionaryPath.set(data, at: embedPath.components[...], in: &wrapper)
                    return wrapper
                }
            },
            adopt: { models, parent in models.map { $0.copy(intoTreeOf: parent) } },
            containsMutations: { $0.contains { $0.hasMutations } },
            modelClass: M.self)
    }

    /// Objects of objects; `null` entries are skipped, other non-objects dropped and reported.
    static func modelDictionary<M: WrapModel>(_: M.Type) -> WrapConversion<[String: M]> {
        WrapConversion(
            expected: "object",
            decode: { stored, context in
                guard let members = stored.members else { return nil }
                var models: [String: M] = [:]
                models.reserveCapacity(members.count)
                var dropped = 0
                for (key, value) in members where !value.isNull {
                    if let storage = value.objectStorage {
                        models[key] = submodel(M.self, storage: storage, context: context, keyPath: "\(context.keyPath).\(key)")
                    } else {
                        dropped += 1
                    }
                }
                if dropped > 0 { context.report(.droppedElements(count: dropped)) }
                return models
            },
            encode: { models, context in models.mapValues { $0.outputTree(context) } },
            adopt: { models, parent in models.mapValues { $0.copy(intoTreeOf: parent) } },
            containsMutations: { $0.values.contains { $0.hasMutations } },
            modelClass: M.self)
    }

    /// Objects of arrays of objects.
    static func modelArrayDictionary<M: WrapModel>(_: M.Type) -> WrapConversion<[String: [M]]> {
        let arrays = modelArray(M.self)
        return WrapConversion(
            expected: "object",
            decode: { stored, context in
                guard let members = stored.members else { return nil }
                var result: [String: [M]] = [:]
                var dropped = 0
                for (key, value) in members where !value.isNull {
                    let memberContext = context.descending(to: "\(context.keyPath).\(key)")
                    // As 1.3.7: an entry that is not an array, or none of whose elements is a model,
                    // is left out; a valid array drops (and reports) its bad elements.
                    guard let models = arrays.decode(value, memberContext),
                          !models.isEmpty || value.elements?.isEmpty == true else {
                        dropped += 1
                        continue
                    }
                    result[key] = models
                }
                if dropped > 0 { context.report(.droppedElements(count: dropped)) }
                return result
            },
            encode: { models, context in models.mapValues { arrays.encode($0, context) as Any } },
            adopt: { models, parent in models.mapValues { $0.map { $0.copy(intoTreeOf: parent) } } },
            containsMutations: { $0.values.contains { $0.contains { $0.hasMutations } } },
            modelClass: M.self)
    }

    private static func submodel<M: WrapModel>(_: M.Type, storage: ModelStorage, context: DecodeContext, keyPath: String) -> M {
        let model = ConstructionContext.makeModel(M.self, storage: storage, mutable: context.isMutable, lock: context.lock)
        if let issues = context.issues { model.collectIssues(prefix: keyPath, into: issues) }
        return model
    }

    /// Strings through a conversion dictionary (exact match first, then ignoring case) or integers
    /// through `init(rawValue:)`; output is the case's string, or its raw value when it has none.
    static func enumeration<E: RawRepresentable & Hashable>(_ conversionDict: [String: E]) -> WrapConversion<E> where E.RawValue == Int {
        let folded = Dictionary(conversionDict.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        // Several strings may name one case; the smallest string is written, so output is stable.
        let names = Dictionary(conversionDict.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        return WrapConversion(
            expected: "enum string",
            decode: { stored, context in
                let any = stored.any
                if let string = NativeValue.string(any) {
                    if let value = conversionDict[string] ?? folded[string.lowercased()] { return value }
                    context.report(.unknownEnumValue(string))
                    return nil
                }
                if let raw = NumberReading.int(any) {
                    if let value = E(rawValue: raw) { return value }
                    context.report(.unknownEnumValue(String(raw)))
                }
                return nil
            },
            encode: { value, _ in names[value] ?? value.rawValue })
    }
}

/// Reads and writes values at key paths inside nested `[String: Any]` dictionaries.
enum DictionaryPath {
    /// Sets `value` at `path`, creating (or replacing non-dictionary) intermediate levels.
    static func set(_ value: Any, at path: ArraySlice<String>, in dictionary: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            dictionary[first] = value
            return
        }
        // Taking the child out first keeps it uniquely referenced, so it is mutated in place.
        var child = dictionary.removeValue(forKey: first).flatMap(NativeValue.object) ?? [:]
        set(value, at: path.dropFirst(), in: &child)
        dictionary[first] = child
    }

    /// The value at `path`, or nil when a level is missing or not a dictionary.
    static func value(at path: ArraySlice<String>, in dictionary: [String: Any]) -> Any? {
        guard let first = path.first else { return dictionary }
        if path.count == 1 { return dictionary[first] }
        guard let child = dictionary[first].flatMap(NativeValue.object) else { return nil }
        return value(at: path.dropFirst(), in: child)
    }

    /// Removes the value at `path`, if any; parents stay.
    static func remove(at path: ArraySlice<String>, in dictionary: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            dictionary.removeValue(forKey: first)
            return
        }
        guard var child = dictionary.removeValue(forKey: first).flatMap(NativeValue.object) else { return }
        remove(at: path.dropFirst(), in: &child)
        dictionary[first] = child
    }

    /// Writes every entry of `source` into `dictionary`, recursing where both hold dictionaries.
    static func merge(_ source: [String: Any], into dictionary: inout [String: Any]) {
        for (key, value) in source {
            if let sourceChild = NativeValue.object(value), var child = dictionary.removeValue(forKey: key).flatMap(NativeValue.object) {
                merge(sourceChild, into: &child)
                dictionary[key] = child
            } else {
                dictionary[key] = value
            }
        }
    }
}
