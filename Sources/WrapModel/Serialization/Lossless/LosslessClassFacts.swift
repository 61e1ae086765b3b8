import Synchronization

/// Three facts lossless output needs about a model class on every call, each remembered for the
/// class asked about last, so that posting many models of one class back takes no lock per model
/// (each fact otherwise costs a table lookup under a mutex, measured at a tenth of a post-back).
///
/// Both facts are fixed for a class, so any thread's answer is the right one: a slot another
/// thread overwrote costs only a lookup, never a wrong answer.
enum LosslessClassFacts {
    /// Per fact: the class's metadata address (aligned, so its low bits are free) with bit 0 set
    /// once known and bit 1 holding the answer.
    private static let versioned = Atomic<UInt>(0)
    private static let nonOutput = Atomic<UInt>(0)
    private static let transient = Atomic<UInt>(0)

    /// Whether the class declares versioning.
    static func isVersioned(_ modelClass: WrapModel.Type) -> Bool {
        remembered(modelClass, in: versioned) { PropertyRegistry.versioning(of: modelClass) != nil }
    }

    /// Whether a model in the class's tree declares a property output leaves out.
    static func holdsNonOutputDeclarations(_ modelClass: WrapModel.Type) -> Bool {
        remembered(modelClass, in: nonOutput) { NonOutputDeclarations.inTree(of: modelClass, .notForOutput) }
    }

    /// Whether a model in the class's tree declares a transient property.
    static func holdsTransientDeclarations(_ modelClass: WrapModel.Type) -> Bool {
        remembered(modelClass, in: transient) { NonOutputDeclarations.inTree(of: modelClass, .transient) }
    }

    private static func remembered(_ modelClass: WrapModel.Type, in slot: borrowing Atomic<UInt>,
                                   _ answer: () -> Bool) -> Bool {
        let id = UInt(bitPattern: ObjectIdentifier(modelClass))
        let known = slot.load(ordering: .relaxed)
        if known & ~3 == id && known & 1 != 0 { return known & 2 != 0 }
        let fact = answer()
        if id & 3 == 0 { slot.store(id | 1 | (fact ? 2 : 0), ordering: .relaxed) }
        return fact
    }
}
