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
        writeVersion(into: &result)
        for property in outputOrder() {
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

    /// The properties in the order output writes them. Most models declare disjoint key paths,
    /// and then order does not matter; only models where declarations overlap pay for sorting.
    func outputOrder() -> [WrapPropertyBase] {
        var plan = outputPlan.load(ordering: .relaxed)
        if plan == 0 {
            plan = Self.declarationsOverlap(properties) ? 2 : 1
            outputPlan.store(plan, ordering: .relaxed)
        }
        return plan == 1 ? properties : Self.sortedForOutput(properties)
    }

    /// True when two properties may write the same data: a shared first key, or a group (which
    /// writes at the model's own level).
    static func declarationsOverlap(_ properties: [WrapPropertyBase]) -> Bool {
        var firstKeys = Set<Substring>()
        for property in properties {
            if property.mergesIntoParentLevel || property.path.isRoot { return true }
            let keyPath = property.path.keyPath
            let first = keyPath.firstIndex(of: ".").map { keyPath[..<$0] } ?? keyPath[...]
            if !firstKeys.insert(first).inserted { return true }
        }
        return false
    }

    /// The order output writes properties in: those holding no mutation first, then those that do
    /// (directly or in a submodel), so that where two properties cover the same data — `address`
    /// and `address.city` — a written value is not overwritten by the other's unchanged one. Within
    /// each part, groups first (they fill the model's own level), then shallower key paths before
    /// deeper ones.
    static func sortedForOutput(_ properties: [WrapPropertyBase]) -> [WrapPropertyBase] {
        let ranks = properties.map { property in
            (property.holdsMutations ? 1 << 16 : 0) + (property.mergesIntoParentLevel ? 0 : property.path.depth)
        }
        if zip(ranks, ranks.dropFirst()).allSatisfy({ $0 <= $1 }) { return properties }
        return properties.indices
            .sorted { (ranks[$0], $0) < (ranks[$1], $1) }
            .map { properties[$0] }
    }
}

extension OutputContext {
    init(_ options: WrapOutputOptions) {
        self.init(withNulls: options.contains(.withNulls),
                  forOutput: !options.contains(.includeNonOutputProperties),
                  keepUnmodeledKeys: options.contains(.keepUnmodeledKeys))
    }
}
