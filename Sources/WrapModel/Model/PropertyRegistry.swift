
/// Finds each model's property objects, reflecting only the first instance of each class.
///
/// Property objects announce themselves to the thread's ``ConstructionContext`` as the subclass's
/// stored properties are initialised. The first instance of a class is checked against `Mirror`;
/// if its properties were exactly the most recent announcements, the class's signature (the
/// property classes in announcement order) is recorded, and later instances just take that many
/// announcements after checking their classes — a few nanoseconds a property instead of the
/// microsecond a `Mirror` child costs.
enum PropertyRegistry {
    /// What is known about one model class.
    struct ClassInfo: Sendable {
        /// The property classes in announcement order; nil when instances must be reflected.
        let signature: [ObjectIdentifier]?
        /// Set for classes that adopt `WrapModelVersioning`.
        let versioning: VersioningInfo?
        /// The keys instances find in one pass over their JSON object (classes with a signature).
        let schedule: MemberSchedule?
    }

    /// What a model learns from claiming its properties.
    struct Claim {
        let properties: [WrapPropertyBase]
        let versioning: VersioningInfo?
        /// Nil when the class has none, or it was taken under another key path modifier.
        let schedule: MemberSchedule?
    }

    private static let classes = Locked<[ObjectIdentifier: ClassInfo]>([:])

    static func register(_ property: WrapPropertyBase) {
        ConstructionContext.withCurrent { $0.announce(property) }
    }

    /// The property objects of `model`, removed from the pending announcements.
    /// The versioning of a model class, if it adopts `WrapModelVersioning`.
    static func versioning(of modelClass: WrapModel.Type) -> VersioningInfo? {
        classes.withLock { $0[ObjectIdentifier(modelClass)] }?.versioning ?? VersioningInfo(modelClass)
    }

    static func claimProperties(of model: WrapModel, modelClass: ObjectIdentifier, context: ConstructionContext) -> Claim {
        let info: ClassInfo?
        if let last = context.lastClassInfo, last.modelClass == modelClass {
            info = last.info
        } else if let previous = context.previousClassInfo, previous.modelClass == modelClass {
            // Mixed collections (a polymorphic feed) alternate between classes.
            info = previous.info
            context.previousClassInfo = context.lastClassInfo
            context.lastClassInfo = previous
        } else {
            info = classes.withLock { $0[modelClass] }
            if let info {
                context.previousClassInfo = context.lastClassInfo
                context.lastClassInfo = (modelClass, info)
            }
        }
        if let info, let signature = info.signature, let claimed = claimBySignature(signature, context: context) {
            return Claim(properties: claimed, versioning: info.versioning, schedule: current(info.schedule))
        }
        let reflected = reflectProperties(of: model)
        let identities = Set(reflected.map(ObjectIdentifier.init))
        // Read in place: a copy of the pending list alive across the removal below would make
        // every orphan look shared to `dropOrphans` (unoptimised builds keep such copies alive).
        let inAnnouncementOrder = context.pendingProperties.filter { identities.contains(ObjectIdentifier($0)) }
        let isTail = inAnnouncementOrder.count == reflected.count
            && context.pendingProperties.suffix(reflected.count).elementsEqual(inAnnouncementOrder, by: ===)
        context.pendingProperties.removeAll { identities.contains(ObjectIdentifier($0)) }
        dropOrphans(context)
        let versioning = info?.versioning ?? VersioningInfo(type(of: model))
        var schedule = info?.schedule
        if info == nil {
            let signature = isTail ? inAnnouncementOrder.map { ObjectIdentifier(type(of: $0)) } : nil
            let generation = KeyPathModifierSetting.generation.load(ordering: .acquiring)
            let created = ClassInfo(signature: signature, versioning: versioning,
                                    schedule: isTail ? MemberSchedule(inAnnouncementOrder, modifierGeneration: generation) : nil)
            schedule = classes.withLock { table in
                let kept = table[modelClass] ?? created
                table[modelClass] = kept
                return kept.schedule
            }
        }
        return Claim(properties: isTail ? inAnnouncementOrder : reflected, versioning: versioning,
                     schedule: isTail ? current(schedule) : nil)
    }

    /// `schedule` if the key path modifier has not changed since it was taken (properties created
    /// since then may read other keys).
    private static func current(_ schedule: MemberSchedule?) -> MemberSchedule? {
        guard let schedule,
              schedule.modifierGeneration == KeyPathModifierSetting.generation.load(ordering: .relaxed) else { return nil }
        return schedule
    }

    private static func claimBySignature(_ signature: [ObjectIdentifier], context: ConstructionContext) -> [WrapPropertyBase]? {
        let count = signature.count
        let total = context.announcedCount
        guard total >= count else { return nil }
        let start = total - count
        for offset in 0..<count
        where ObjectIdentifier(type(of: context.announcedProperty(at: start + offset))) != signature[offset] {
            return nil
        }
        // Usually the list is exactly this model's properties (start 0); otherwise earlier
        // announcements belong to an enclosing model under construction, or are orphans.
        let claimed = context.takeLastAnnounced(count)
        if start > 0 { dropOrphans(context) }
        return claimed
    }

    /// Forgets announced properties nothing else holds any more: created outside any model (a
    /// lazy or late property object, or a wrapper in a type that is not a model, which keeps its
    /// object only as long as it lives itself). Those still held may belong to an enclosing model
    /// under construction, or to a live non-model owner; they are looked at again next time.
    /// Misuse is reported when such a property is read, never silently.
    private static func dropOrphans(_ context: ConstructionContext) {
        context.dropUnreferencedAnnouncements()
    }

    /// Property objects stored in the model or its superclasses, directly or inside wrappers.
    private static func reflectProperties(of model: WrapModel) -> [WrapPropertyBase] {
        var found: [WrapPropertyBase] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                if let property = child.value as? WrapPropertyBase {
                    found.append(property)
                } else if let provider = child.value as? AnyWrapPropertyProvider,
                          let property = provider.property() as? WrapPropertyBase {
                    found.append(property)
                }
            }
            mirror = current.superclassMirror
        }
        return found
    }
}
