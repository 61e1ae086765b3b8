import Foundation
import WrapModelJSON

extension WrapModel {
    /// Writes the model's output (`context` must not keep unmodeled keys) as compact JSON at
    /// `depth`, running the write hooks and taking the lock as ``outputTree(_:)`` does.
    ///
    /// A model whose declarations allow it (see `OutputPlan`) writes each property's
    /// value straight into `writer`, in declaration order, instead of building the dictionary
    /// the writer would then walk: the same members, keys and value forms. Others build it.
    func writeJSON(into writer: inout JSONWriter, _ context: WrapEncodingContext, depth: Int) throws(JSONWriter.InvalidValue) {
        try withOutputAccess(context) { (context) throws(JSONWriter.InvalidValue) in
            let plan = slots.withTable { $0.outputPlan }
            guard plan.writesDirectly else { return try writer.writeValue(buildOutput(context), depth: depth) }
            try writeMembersJSON(into: &writer, context, depth: depth, hasDottedKeyPaths: plan == .directWithDottedKeyPaths)
        }
    }

    /// Writes `{…}` with every property output writes, as `buildOutput` would place them: a
    /// dotted key path as nested objects (declarations here share no first key, so nothing
    /// else writes into them).
    private func writeMembersJSON(into writer: inout JSONWriter, _ context: WrapEncodingContext, depth: Int,
                                  hasDottedKeyPaths: Bool) throws(JSONWriter.InvalidValue) {
        writer.out.append(UInt8(ascii: "{"))
        var first = true
        let slots = self.slots
        for ordinal in 0..<slots.count {
            // Borrowed: the class's descriptors are shared by every model of the class.
            let wrote = try slots.withDescriptor(ordinal, throwing: { (descriptor) throws(JSONWriter.InvalidValue) -> Bool in
                try writeMemberJSON(descriptor, ordinal, slots, into: &writer, context, depth: depth, hasDottedKeyPaths: hasDottedKeyPaths,
                                    first: first)
            })
            if wrote { first = false }
        }
        writer.out.append(UInt8(ascii: "}"))
    }

    /// Writes the member of the declaration at `ordinal`, `descriptor`, after a comma unless it
    /// is the `first`; false when output leaves it out.
    @inline(__always)
    private func writeMemberJSON(_ descriptor: PropertyDescriptor, _ ordinal: Int, _ slots: ModelSlots, into writer: inout JSONWriter,
                                 _ context: WrapEncodingContext, depth: Int, hasDottedKeyPaths: Bool,
                                 first: Bool) throws(JSONWriter.InvalidValue) -> Bool {
        if (context.forOutput && !descriptor.serializeForOutput) || descriptor.isTransient { return false }
        // Most key paths are one key: only models with dotted ones pay for finding and splitting them.
        let keyPath = descriptor.keyPath
        let components = hasDottedKeyPaths && descriptor.path.isDotted ? descriptor.path.components : nil
        let levels = components?.count ?? 1
        let mark = writer.out.count
        if !first { writer.out.append(UInt8(ascii: ",")) }
        if let components {
            for (level, key) in components.enumerated() {
                if level > 0 { writer.out.append(UInt8(ascii: "{")) }
                writer.writeString(key)
                writer.out.append(UInt8(ascii: ":"))
            }
        } else {
            writer.writeString(keyPath)
            writer.out.append(UInt8(ascii: ":"))
        }
        let wrote: Bool
        do {
            wrote = try descriptor.writeOutputJSON(into: &writer, slots, ordinal, context, depth: depth &+ levels)
        } catch {
            let keys = components ?? [keyPath]
            throw Self.nestingError(depth: depth, keys, first: first) ?? error.inMembers(keys[...])
        }
        if !wrote {
            guard context.withNulls else {
                writer.out.truncate(to: mark)
                return false
            }
            writer.out.append("null")
        }
        if depth &+ levels > JSONWriter.maxDepth,
           let error = Self.nestingError(depth: depth, components ?? [keyPath], first: first) {
            throw error
        }
        for _ in 1..<levels { writer.out.append(UInt8(ascii: "}")) }
        return true
    }

    /// The error the writer reports for a member at `components` of an object at `depth` (its
    /// first member when `first`) when that member makes an object nest too deep: the object
    /// itself, or one created for the key path. Rare, so checked only once a member exists.
    private static func nestingError(depth: Int, _ components: [String], first: Bool) -> JSONWriter.InvalidValue? {
        guard depth &+ components.count > JSONWriter.maxDepth else { return nil }
        if first && depth >= JSONWriter.maxDepth { return .tooDeep }
        for level in 1..<components.count where depth &+ level >= JSONWriter.maxDepth {
            return JSONWriter.InvalidValue.tooDeep.inMembers(components[..<level])
        }
        return nil
    }
}
