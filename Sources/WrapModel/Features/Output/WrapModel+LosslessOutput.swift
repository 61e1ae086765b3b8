import Foundation
import WrapModelJSON

extension WrapModel {
    /// Lossless output: the data the model was created from, member order and text kept, with
    /// the properties that hold a written value converted in at their key paths.
    func buildLosslessOutput(_ context: WrapEncodingContext) -> OrderedObject {
        var object = OrderedObject(storage: storage, keysArePlain: storageKeysArePlain)
        if let version = versionToWrite(), let versioning = classVersioning {
            object.setValue(version, atPath: versioning.key.components[...])
        }
        // Whether unwritten submodels must still write themselves is a question about the classes
        // they hold: asked once for the whole tree rather than per property and output.
        // Unknown (a held class has no instance yet) is checked declaration by declaration.
        // A merge patch holds written changes only, so it leaves submodels' migrations out.
        let checksHeld = !context.forPatch && withClassTable { classTable in
            (context.forOutput && classTable.declaresNonOutputInTree != false) || classTable.declaresTransientInTree != false
                || classTable.declaresVersioningInTree != false
        }
        writeLosslessMembers(into: &object, context, checksHeldModels: checksHeld)
        return object
    }

    /// Writes the properties that hold a written value (directly or in a model they hold) into
    /// `object`; groups write into the same object as their parent. `checksHeldModels` is false
    /// when no model in this class's tree declares a property output leaves out (or a transient one).
    func writeLosslessMembers(into object: inout OrderedObject, _ context: WrapEncodingContext, checksHeldModels: Bool) {
        // Properties of a model never written, which hold no models, stay as they came: they are
        // not asked one by one.
        let mayHoldWrites = self.mayHoldWrites
        let slots = self.slots
        let storage = self.storage
        for ordinal in outputOrder() {
            // Borrowed: the class's descriptors are shared by every model of the class.
            slots.withDescriptor(ordinal) { descriptor in
                writeLosslessMember(descriptor, ordinal, slots, storage, into: &object, context, checksHeldModels: checksHeldModels,
                                    mayHoldWrites: mayHoldWrites)
            }
        }
    }

    /// Writes the declaration at `ordinal`, `descriptor`, into `object` (see
    /// ``writeLosslessMembers(into:_:checksHeldModels:)``).
    @inline(__always)
    private func writeLosslessMember(_ descriptor: PropertyDescriptor, _ ordinal: Int, _ slots: ModelSlots, _ storage: ModelStorage,
                                     into object: inout OrderedObject, _ context: WrapEncodingContext, checksHeldModels: Bool,
                                     mayHoldWrites: Bool) {
        if descriptor.mergesIntoParentLevel {
            // A patch holds written values only: a group none was written to (perhaps not
            // made yet) adds nothing, and is not made for it.
            if context.forPatch && !descriptor.holdsMutations(slots, ordinal) { return }
            guard let group = descriptor.heldModel(slots, ordinal) else { return }
            if (context.forOutput && !descriptor.serializeForOutput) || descriptor.isTransient {
                if !context.forPatch { group.removeDeclaredPaths(from: &object) }
            } else {
                group.writeLosslessMembers(into: &object, context, checksHeldModels: checksHeldModels)
            }
            return
        }
        if (context.forOutput && !descriptor.serializeForOutput) || descriptor.isTransient {
            if !context.forPatch { Self.remove(descriptor, from: &object) }
            return
        }
        // An unwritten value stays as it came, unless a model it holds declares properties
        // that output leaves out (or transient ones), or is versioned: that model then writes
        // itself, without them and at its class's current version.
        guard mayHoldWrites || descriptor.holdsModels else { return }
        guard descriptor.holdsMutations(slots, ordinal)
                || (checksHeldModels && Self.heldModelsWriteThemselves(descriptor, slots, ordinal, context)) else {
            return
        }
        let path = descriptor.outputPath(in: storage)
        if let value = descriptor.outputValue(slots, ordinal, context) {
            object.setValue(value, at: path)
        } else if context.withNulls {
            object.setValue(NSNull(), at: path)
        } else {
            object.removeValue(at: path)
        }
    }

    /// Whether the models `descriptor`'s value holds declare properties this output leaves out,
    /// or are of versioned classes (whose data may be of an older version than they write: a
    /// submodel migrates its own level when it is created, and output writes it migrated, read
    /// or not, so that stored data never runs a step twice).
    ///
    /// A class's declarations are known from its first instance: while the held class has none,
    /// the value is read, which creates the models it holds (with their classes' tables). A class
    /// still unknown after that has no model in this value, which then needs no rewriting here.
    private static func heldModelsWriteThemselves(_ descriptor: PropertyDescriptor, _ slots: ModelSlots, _ ordinal: Int,
                                                 _ context: WrapEncodingContext) -> Bool {
        guard let held = descriptor.heldModelClass.map(ModelClassTable.of(_:)) else { return false }
        func answer() -> Bool? {
            let nonOutput = context.forOutput ? held.declaresNonOutputInTree : false
            let transient = held.declaresTransientInTree
            let versioned = held.declaresVersioningInTree
            if nonOutput == true || transient == true || versioned == true { return true }
            return nonOutput == false && transient == false && versioned == false ? false : nil
        }
        if let known = answer() { return known }
        descriptor.createHeldModels(slots, ordinal)
        return answer() ?? false
    }

    /// Removes every declared key path from `object` (a group declared not for output).
    private func removeDeclaredPaths(from object: inout OrderedObject) {
        let slots = self.slots
        for ordinal in 0..<slots.count where !slots.descriptor(ordinal).mergesIntoParentLevel {
            Self.remove(slots.descriptor(ordinal), from: &object)
        }
    }

    /// Removes what `descriptor` declares from `object`: its key path and any alternative ones.
    private static func remove(_ descriptor: PropertyDescriptor, from object: inout OrderedObject) {
        object.removeValue(at: descriptor.path)
        for alternative in descriptor.alternatives { object.removeValue(at: alternative) }
    }
}
