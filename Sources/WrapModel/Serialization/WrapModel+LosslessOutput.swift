import Foundation

extension WrapModel {
    /// Lossless output: the data the model was created from, member order and text kept, with
    /// the properties that hold a written value converted in at their key paths.
    func buildLosslessOutput(_ context: OutputContext) -> OrderedObject {
        var object = OrderedObject(storage: storage, keysArePlain: storageKeysArePlain)
        if LosslessClassFacts.isVersioned(type(of: self)),
           let versioning = PropertyRegistry.versioning(of: type(of: self)), unsupportedDataVersion == nil,
           Self.version(in: storage, key: versioning.key) != versioning.current
               || storage.lookup(versioning.key) == nil {
            LosslessPath.set(versioning.current, at: versioning.key.components[...], in: &object)
        }
        // Whether unwritten submodels must still write themselves is a question about the classes
        // they hold: asked once for the whole tree rather than per property and output.
        let modelClass = type(of: self)
        let checksHeld = !context.forPatch
            && ((context.forOutput && LosslessClassFacts.holdsNonOutputDeclarations(modelClass))
                || LosslessClassFacts.holdsTransientDeclarations(modelClass))
        writeLosslessMembers(into: &object, context, checksHeldModels: checksHeld)
        return object
    }

    /// Writes the properties that hold a written value (directly or in a model they hold) into
    /// `object`; groups write into the same object as their parent. `checksHeldModels` is false
    /// when no model in this class's tree declares a property output leaves out (or a transient one).
    func writeLosslessMembers(into object: inout OrderedObject, _ context: OutputContext, checksHeldModels: Bool) {
        // Properties of a model never written, which hold no models, stay as they came: they are
        // not asked one by one.
        let mayHoldWrites = self.mayHoldWrites
        for property in outputOrder() {
            let path = property.path
            if property.mergesIntoParentLevel {
                guard let group = property.heldModel else { continue }
                if (context.forOutput && !property.serializeForOutput) || property.isTransient {
                    if !context.forPatch { group.removeDeclaredPaths(from: &object) }
                } else {
                    group.writeLosslessMembers(into: &object, context, checksHeldModels: checksHeldModels)
                }
                continue
            }
            if (context.forOutput && !property.serializeForOutput) || property.isTransient {
                if !context.forPatch { LosslessPath.remove(at: path, in: &object) }
                continue
            }
            // An unwritten value stays as it came, unless a model it holds declares properties
            // that output leaves out (or transient ones): that model then writes itself without them.
            guard mayHoldWrites || property.holdsTreeModels else { continue }
            guard property.holdsMutations
                    || (checksHeldModels && ((context.forOutput && property.holdsModelsWithNonOutputProperties)
                                             || property.holdsModelsWithTransientProperties)) else {
                continue
            }
            if let value = property.outputValue(context) {
                LosslessPath.set(value, at: path, in: &object)
            } else if context.withNulls {
                LosslessPath.set(NSNull(), at: path, in: &object)
            } else {
                LosslessPath.remove(at: path, in: &object)
            }
        }
    }

    /// Removes every declared key path from `object` (a group declared not for output).
    private func removeDeclaredPaths(from object: inout OrderedObject) {
        for property in properties where !property.mergesIntoParentLevel {
            LosslessPath.remove(at: property.path, in: &object)
        }
    }
}
