import Foundation
import WrapModelJSON

extension WrapModel {
    /// The model's current data as a dictionary, shaped by `options`.
    ///
    /// By default lossless: the data the model was created from with written values converted
    /// in; a number there can only be an `Int`, an unsigned `NSNumber` or a `Double`.
    /// - Parameter options: What to include; see ``WrapOutputOptions``. Defaults to none: the
    ///   lossless form, properties declared `serializeForOutput: false` and nil values left out.
    ///   ``WrapOutputOptions/declaredOnly`` gives the declared properties only.
    public func outputData(options: WrapOutputOptions = []) -> [String: Any] {
        outputTree(WrapEncodingContext(options.resolved)).plain
    }

    /// The model's current data as UTF-8 JSON: by default the body to `POST` or `PUT` back.
    ///
    /// Lossless by default: every value no property wrote is copied from the data the model was
    /// created from exactly as it came (strings, number text, member order), keys the model does
    /// not declare included; only written properties are converted. Properties declared
    /// `serializeForOutput: false` are left out.
    /// - Parameter options: What to include and how to format it. Defaults to none: the lossless
    ///   form, compact. ``WrapOutputOptions/declaredOnly`` writes the declared properties only,
    ///   each converted, as 1.3.7's ``currentModelData(withNulls:forOutput:)`` does.
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
    ///   - options: What to include and how to format it, read as ``jsonData(options:)`` reads
    ///     them (lossless unless ``WrapOutputOptions/declaredOnly``).
    ///     ``WrapOutputOptions/persistence`` keeps everything the model holds.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no form in
    ///   `format`; a version error as ``jsonData(options:)``.
    public func data(format: WrapDataFormat, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        let options = options.resolved
        try checkVersionIsSupported()
        if format == .json && JSONOutput.writesDirectly(options) { return try JSONOutput.data(of: self, options: options) }
        let tree = outputTree(WrapEncodingContext(options))
        switch format {
        case .json:
            // The lossless tree is written as the ordered object it is: boxed in `Any` it would be
            // copied out of its box again by the writer's dynamic cast. The tree is consumed, so
            // the object is moved out of it rather than copied (a retain per member array and
            // its document, then as many releases, per output).
            switch consume tree {
            case .lossless(let object): return try JSONOutput.data(object, options: options)
            case .declared(let dictionary): return try JSONOutput.data(dictionary, options: options)
            }
        case .xmlPlist, .binaryPlist:
            return try PersistenceCoding.encode(tree.plain, format: format, prettyPrinted: false)
        }
    }

    /// The model's current data as a JSON string; see ``jsonData(options:)``.
    /// - Parameter options: As ``jsonData(options:)``: defaults to the lossless form, compact;
    ///   ``WrapOutputOptions/declaredOnly`` writes the declared properties only.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a value has no JSON form;
    ///   ``WrapModelError/unsupportedVersion(found:current:)`` for newer-version data.
    public func jsonString(options: WrapOutputOptions = []) throws(WrapModelError) -> String {
        String(decoding: try data(format: .json, options: options), as: UTF8.self)
    }

    /// This model's output in the form `context` asks for: the one place that decides between
    /// the lossless tree (`keepUnmodeledKeys`) and the declared dictionary. Takes the tree's lock
    /// unless the caller holds it.
    func outputTree(_ context: WrapEncodingContext) -> OutputTree {
        withOutputAccess(context) { context in
            context.keepUnmodeledKeys ? .lossless(buildLosslessOutput(context)) : .declared(buildOutput(context))
        }
    }

    /// Runs `body` as output of this model must run: after the write hooks (when the caller holds
    /// no lock) and with the tree's read lock held, `body`'s context saying so.
    func withOutputAccess<R, E: Error>(_ context: WrapEncodingContext,
                                       _ body: (WrapEncodingContext) throws(E) -> R) throws(E) -> R {
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
        guard !slots.isLockFree, context.heldLock !== lock else { return try body(context) }
        var locked = context
        locked.heldLock = lock
        let result: Result<R, E> = lock.reading {
            do throws(E) { return .success(try body(locked)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// 1.3.7's output dictionary (`context` must not ask to keep unmodeled keys).
    func outputDictionary(_ context: WrapEncodingContext) -> [String: Any] {
        assert(!context.keepUnmodeledKeys, "lossless output is a tree, not a dictionary")
        return outputTree(context).plain
    }

    /// Sets the declaration at `ordinal`, `descriptor`, in `result` (see ``buildOutput(_:)``).
    @inline(__always)
    private static func writeOutput(_ descriptor: PropertyDescriptor, _ ordinal: Int, _ slots: ModelSlots, _ storage: ModelStorage,
                                    into result: inout [String: Any], _ context: WrapEncodingContext, declared: Set<String>) {
        if (context.forOutput && !descriptor.serializeForOutput) || descriptor.isTransient { return }
        if descriptor.mergesIntoParentLevel {
            if let values = descriptor.outputValue(slots, ordinal, context) as? [String: Any] {
                result.mergeDeeply(values)
            }
            return
        }
        let components = descriptor.outputPath(in: storage).components[...]
        if !declared.isEmpty, components.count > 1, !descriptor.isMutated(slots, ordinal),
           isInsideAbsentDeclaration(components, declared: declared, in: result),
           descriptor.storedValue(in: storage) == nil {
            // A default standing in for an absent value does not create the object another
            // declaration reads: `{}` must not come back as `{"address":{"city":""}}`, which a
            // submodel at `address` would then read and write back differently again.
            return
        }
        if let value = descriptor.outputValue(slots, ordinal, context) {
            result.setValue(value, atPath: components)
        } else if context.withNulls {
            result.setValue(NSNull(), atPath: components)
        }
    }

    /// 1.3.7's output: every declared property in its declared form.
    func buildOutput(_ context: WrapEncodingContext) -> [String: Any] {
        var result: [String: Any] = [:]
        writeVersion(into: &result)
        writeDiscriminator(into: &result)
        let slots = self.slots
        let storage = self.storage
        // Only models whose declarations overlap can declare a key path inside another one's value.
        let declared = slots.withTable({ $0.outputPlan.isOrderFree })
            ? [] : Set((0..<slots.count).map { ordinal in slots.withDescriptor(ordinal) { $0.keyPath } })
        for ordinal in outputOrder() {
            // Borrowed: the class's descriptors are shared by every model of the class.
            slots.withDescriptor(ordinal) { descriptor in
                Self.writeOutput(descriptor, ordinal, slots, storage, into: &result, context, declared: declared)
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
                return dictionary.value(atPath: path[..<(end + 1)]).flatMap(NativeValue.object) == nil
            }
        }
        return false
    }
}

extension WrapEncodingContext {
    init(_ options: WrapOutputOptions) {
        self.init(withNulls: options.contains(.withNulls),
                  forOutput: !options.contains(.includeNonOutputProperties),
                  keepUnmodeledKeys: options.contains(.keepUnmodeledKeys))
        nestsReferences = options.contains(.referencesAsObjects)
    }
}

/// One model's output, in the form its options chose.
enum OutputTree {
    /// The data the model was created from, member order and text kept, written values converted
    /// in; untouched parts are ``VerbatimJSON``.
    case lossless(OrderedObject)
    /// 1.3.7's form: every declared property, converted.
    case declared([String: Any])

    /// The output as the JSON writer (and a parent model's output) takes it.
    var writable: Any {
        switch self {
        case .lossless(let object): return object
        case .declared(let dictionary): return dictionary
        }
    }

    /// The output as plain Swift values.
    var plain: [String: Any] {
        switch self {
        case .lossless(let object): return OrderedObject.plainValue(object) as! [String: Any]
        case .declared(let dictionary): return dictionary
        }
    }
}
