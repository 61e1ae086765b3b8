import Foundation

extension WrapModel {
    /// The model's current data as a dictionary, shaped by `options`.
    /// - Parameter options: What to include; see ``WrapOutputOptions``. Defaults to none: declared
    ///   properties for output, nil values left out.
    public func outputData(options: WrapOutputOptions = []) -> [String: Any] {
        outputDictionary(OutputContext(options))
    }

    /// The model's current data as UTF-8 JSON.
    /// - Parameter options: What to include and how to format it. Defaults to compact output of
    ///   the declared properties for output.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no JSON form
    ///   (a NaN or infinite number, or a non-JSON object placed in the data).
    public func jsonData(options: WrapOutputOptions = []) throws(WrapModelError) -> Data {
        Data(try JSONOutput.bytes(outputData(options: options), options: options))
    }

    /// The model's current data as a JSON string; see ``jsonData(options:)``.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no JSON form.
    public func jsonString(options: WrapOutputOptions = []) throws(WrapModelError) -> String {
        try JSONOutput.string(outputData(options: options), options: options)
    }

    /// The output dictionary, taking the tree's lock unless the caller holds it.
    func outputDictionary(_ context: OutputContext) -> [String: Any] {
        guard isMutable, context.heldLock !== lock else { return buildOutput(context) }
        var locked = context
        locked.heldLock = lock
        return lock.reading { buildOutput(locked) }
    }

    private func buildOutput(_ context: OutputContext) -> [String: Any] {
        var result: [String: Any] = context.keepUnmodeledKeys ? storage.originalData : [:]
        if let versioning = PropertyRegistry.versioning(of: type(of: self)) {
            DictionaryPath.set(versioning.current, at: versioning.key.components[...], in: &result)
        }
        for property in Self.sortedForOutput(properties) {
            if context.forOutput && !property.serializeForOutput {
                if context.keepUnmodeledKeys { DictionaryPath.remove(at: property.path.components[...], in: &result) }
                continue
            }
            if property.mergesIntoParentLevel {
                // The parent already starts from the original data; the group adds its own values.
                var groupContext = context
                groupContext.keepUnmodeledKeys = false
                if let values = property.outputValue(groupContext) as? [String: Any] {
                    DictionaryPath.merge(values, into: &result)
                }
                continue
            }
            if let value = property.outputValue(context) {
                DictionaryPath.set(value, at: property.path.components[...], in: &result)
            } else if context.withNulls {
                DictionaryPath.set(NSNull(), at: property.path.components[...], in: &result)
            } else if context.keepUnmodeledKeys {
                DictionaryPath.remove(at: property.path.components[...], in: &result)
            }
        }
        return result
    }

    /// Groups first (they fill the model's own level), then shallower key paths before deeper ones.
    static func sortedForOutput(_ properties: [WrapPropertyBase]) -> [WrapPropertyBase] {
        func rank(_ property: WrapPropertyBase) -> Int { property.mergesIntoParentLevel ? 0 : property.path.depth }
        var isSorted = true
        for index in properties.indices.dropFirst() where rank(properties[index - 1]) > rank(properties[index]) {
            isSorted = false
            break
        }
        if isSorted { return properties }
        return properties.enumerated()
            .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }
}

extension OutputContext {
    init(_ options: WrapOutputOptions) {
        self.init(withNulls: options.contains(.withNulls),
                  forOutput: !options.contains(.includeNonOutputProperties),
                  keepUnmodeledKeys: options.contains(.keepUnmodeledKeys))
    }
}
