/// The property objects announced on a thread and not yet claimed.
///
/// Every property object of every model passes through here, so the list is a buffer of strong
/// references managed by hand rather than an array: announcing is a store and a retain (no
/// uniqueness check, no capacity call), and a model claims its properties by moving the references
/// into its own array, which retains nothing.
extension ConstructionContext {
    /// Appends `property`, keeping a reference to it until it is claimed or dropped as an orphan.
    @inline(__always)
    func announce(_ property: WrapPropertyBase) {
        if announcedCount == announcedCapacity { growAnnounced() }
        (announced + announcedCount).initialize(to: property)
        announcedCount &+= 1
    }

    private func growAnnounced() {
        let capacity = announcedCapacity * 2
        let grown = UnsafeMutablePointer<WrapPropertyBase>.allocate(capacity: capacity)
        grown.moveInitialize(from: announced, count: announcedCount)
        announced.deallocate()
        announced = grown
        announcedCapacity = capacity
    }

    /// The announced property at `index` (0 is the oldest).
    func announcedProperty(at index: Int) -> WrapPropertyBase { announced[index] }

    /// The last `count` announcements, removed from the list; the array takes over their references.
    func takeLastAnnounced(_ count: Int) -> [WrapPropertyBase] {
        let start = announcedCount - count
        let taken = [WrapPropertyBase](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: announced + start, count: count)
            initialized = count
        }
        announcedCount = start
        return taken
    }

    /// The announced properties as an array, for the rare paths that rearrange them (the first
    /// instance of a class); setting it replaces the list.
    var pendingProperties: [WrapPropertyBase] {
        get { Array(UnsafeBufferPointer(start: announced, count: announcedCount)) }
        set {
            announced.deinitialize(count: announcedCount)
            announcedCount = 0
            for property in newValue { announce(property) }
        }
    }

    /// Removes the announcements nothing else references any more (see `PropertyRegistry.dropOrphans`).
    func dropUnreferencedAnnouncements() {
        var kept = 0
        for index in 0..<announcedCount {
            if isKnownUniquelyReferenced(&announced[index]) {
                (announced + index).deinitialize(count: 1)
            } else {
                if kept != index { (announced + kept).moveInitialize(from: announced + index, count: 1) }
                kept += 1
            }
        }
        announcedCount = kept
    }
}
