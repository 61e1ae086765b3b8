import Foundation

extension WrapModel {
    /// The model's current data as a dictionary, shaped by `options`.
    /// - Parameter options: What to include; see ``WrapOutputOptions``. Defaults to none: declared
    ///   properties for output, nil values left out.
    public func outputData(options: WrapOutputOptions = []) -> [String: Any] {
        let tree = outputTree(OutputContext(options))
        return options.contains(.keepUnmodeledKeys) ? LosslessPath.plain(tree) as! [String: Any] : tree as! [String: Any]
    }

    /// The model's current data as UTF-8 JSON.
    ///
    /// With ``WrapOutputOptions/keepUnmodeledKeys`` every value no property wrote is copied from
    /// the data the model was created from exactly as it came (strings, number text, member
    /// order); only written properties are converted.
    /// - Parameter options: What to include and how to format it. Defaults to compact output of
    ///   the declared properties for output.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no JSON form
    ///   (a NaN or infinite number, or a non-JSON object placed in the data);
    ///   ``WrapModelError/unsupportedVersion(found:current:)`` (or ``WrapModelError/invalidValue(_:)``
    ///   at the version key) when a versioned model holds data of a newer or unreadable version,
    ///   which this code must not write back as if it were its own.
    public func jsonData(options: WrapOutputOptions = []) throws(WrapModelError) -> Data {
        try data(format: .json, options: options)
    }

    /// The model's current data as bytes of `format`: the one output pipeline, which
    /// ``jsonData(options:)``, ``data(format:prettyPrinted:)`` and ``write(to:format:prettyPrinted:)``
    /// all go through.
    ///
    /// JSON honours every option; property lists ignore `prettyPrinted` and `sortedKeys` (they have
    /// one layout) and drop nulls with their keys (they have no null).
    /// - Parameters:
    ///   - format: The encoding.
    ///   - options: What to include and how to format it. ``WrapOutputOptions/persistence`` keeps
    ///     everything the model holds.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no form in
    ///   `format`; a version error as ``jsonData(options:)``.
    public func data(format: WrapDataFormat, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        try checkVersionIsSupported()
        if format == .json {
            if JSONOutput.writesDirectly(options) { return try JSONOutput.data(of: self, options: options) }
            if options.contains(.keepUnmodeledKeys) {
                let object = withOutputAccess(OutputContext(options)) { context in buildLosslessOutput(context) }
                return try JSONOutput.data(object, options: options)
            }
        }
        let tree = outputTree(OutputContext(options))
        switch format {
        case .json:
            return try JSONOutput.data(tree, options: options)
        case .xmlPlist, .binaryPlist:
            let plain = options.contains(.keepUnmodeledKeys) ? LosslessPath.plain(tree) : tree
            return try PersistenceCoding.encode(plain, format: format, prettyPrinted: false)
        }
    }

    /// The model's current data as a JSON string; see ``jsonData(options:)``.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no JSON form;
    ///   ``WrapModelError/unsupportedVersion(found:current:)`` for newer-version data.
    public func jsonString(options: WrapOutputOptions = []) throws(WrapModelError) -> String {
        try checkVersionIsSupported()
        return try JSONOutput.string(outputTree(OutputContext(options)), options: options)
    }

    /// The output as the JSON writer takes it: a `[String: Any]`, or with `keepUnmodeledKeys` an
    /// ``OrderedObject`` whose untouched parts are ``VerbatimJSON``. Takes the tree's lock unless
    /// the caller holds it.
    func outputTree(_ context: OutputContext) -> Any {
        withOutputAccess(context) { context in buildTree(context) }
    }

    /// Runs `body` as output of this model must run: after the write hooks (when the caller holds
    /// no lock) and with the tree's read lock held, `body`'s context saying so.
    func withOutputAccess<R, E: Error>(_ context: OutputContext,
                                       _ body: (OutputContext) throws(E) -> R) throws(E) -> R {
        var context = context
        // Hooks run only when the caller holds no lock: a hook that writes would wait forever.
        // A mutable tree runs all its hooks first; an immutable one (no lock) model by model.
        if context.runsWriteHooks && !context.ranWriteHooks && context.heldLock == nil {
            if isMutable {
                runWriteHooks()
                context.ranWriteHooks = true
            } else {
                willWriteOutput()
            }
        }
        if context.nestsReferences { context.modelsBeingWritten.append(ObjectIdentifier(self)) }
        guard isMutable, context.heldLock !== lock else { return try body(context) }
        var locked = context
        locked.heldLock = lock
        let result: Result<R, E> = lock.reading {
            do throws(E) { return .success(try body(locked)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private func buildTree(_ context: OutputContext) -> Any {
        context.keepUnmodeledKeys ? buildLosslessOutput(context) : buildOutput(context)
    }

    /// 1.3.7's output dictionary (`context` must not ask to keep unmodelled keys).
    func outputDictionary(_ context: OutputContext) -> [String: Any] {
        assert(!context.keepUnmodeledKeys, "lossless output is a tree, not a dictionary")
        return outputTree(context) as! [String: Any]
    }

    /// 1.3.7's output: every declared property in its declared form.
    func buildOutput(_ context: OutputContext) -> [String: Any] {
        var result: [String: Any] = [:]
        writeVersion(into: &result)
        writeDiscriminator(into: &result)
        let ordered = outputOrder()
        // Only models whose declarations overlap can declare a key path inside another one's value.
        let declared = outputPlanDecided() == 2
            ? Set(properties.map { $0.path.keyPath }) : []
        for property in ordered {
            if (context.forOutput && !property.serializeForOutput) || property.isTransient { continue }
            if property.mergesIntoParentLevel {
                if let values = property.outputValue(context) as? [String: Any] {
                    DictionaryPath.merge(values, into: &result)
                }
                continue
            }
            let components = property.path.components[...]
            if !declared.isEmpty, components.count > 1, !property.isMutated,
               Self.isInsideAbsentDeclaration(components, declared: declared, in: result),
               storage.lookup(property.path) == nil {
                // A default standing in for an absent value does not create the object another
                // declaration reads: `{}` must not come back as `{"address":{"city":""}}`, which a
                // submodel at `address` would then read and write back differently again.
                continue
            }
            if let value = property.outputValue(context) {
                DictionaryPath.set(value, at: components, in: &result)
            } else if context.withNulls {
                DictionaryPath.set(NSNull(), at: components, in: &result)
            }
        }
        return result
    }

    /// True when a proper prefix of `path` is itself declared and output holds no object there.
    private static func isInsideAbsentDeclaration(_ path: ArraySlice<String>, declared: Set<String>,
                                                  in dictionary: [String: Any]) -> Bool {
        var prefix = ""
        for end in path.indices.dropLast() {
            prefix = prefix.isEmpty ? path[end] : prefix + "." + path[end]
            if declared.contains(prefix) {
                return DictionaryPath.value(at: path[..<(end + 1)], in: dictionary).flatMap(NativeValue.object) == nil
            }
        }
        return false
    }

    /// The properties in the order output writes them. Most models declare disjoint key paths,
    /// and then order does not matter; only models where declarations overlap pay for sorting.
    func outputOrder() -> [WrapPropertyBase] {
        outputPlanDecided() == 2 ? Self.sortedForOutput(properties) : properties
    }

    /// The output plan (bits 0–2 of `outputFacts`), decided on first use: 1, 3 or 4 when no two declarations cover the same data
    /// (3 and 4 when compact JSON may also be written straight from the properties, see
    /// `writeJSON(into:_:depth:)`; 4 when a key path is dotted), 2 when some do.
    func outputPlanDecided() -> UInt8 {
        var plan = outputFacts.load(ordering: .relaxed) & OutputFacts.planMask
        if plan == 0 {
            if Self.declarationsOverlap(properties) {
                plan = 2
            } else {
                // The version and the discriminator are written before the properties and may
                // share a key with one: the dictionary then settles which value stays.
                let modelClass = type(of: self)
                let writesExtraKeys = PropertyRegistry.versioning(of: modelClass) != nil
                    || SubclassSelection.selector(of: modelClass)?.selector.discriminatorPath != nil
                plan = writesExtraKeys ? 1 : (properties.contains { $0.path.isDotted } ? 4 : 3)
            }
            // Or-ed in: the byte's other facts may be set meanwhile; any thread decides the same.
            outputFacts.bitwiseOr(plan, ordering: .relaxed)
        }
        return plan
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
        nestsReferences = options.contains(.referencesAsObjects)
    }
}
