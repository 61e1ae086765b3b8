#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread state of the models being constructed on this thread.
///
/// Property objects are created by a subclass's stored-property initialisers *before*
/// `WrapModel.init` runs, so they announce themselves here and the model collects them; this is how
/// a model learns its properties without reflecting every instance. A parent that creates a
/// submodel also leaves the submodel's storage and lock here, so that the public
/// `init(data:mutable:)` (which subclasses may override) stays the only initialiser.
final class ConstructionContext {
    /// Property objects created on this thread and not yet claimed by a model, oldest first: one
    /// strong reference each, in a buffer managed by hand (see ConstructionContext+Announcements).
    /// Only ever touched by its own thread, so exclusivity needs no run-time check.
    @exclusivity(unchecked) var announced: UnsafeMutablePointer<WrapPropertyBase>
    @exclusivity(unchecked) var announcedCount = 0
    @exclusivity(unchecked) var announcedCapacity = 64
    /// The class metadata this thread looked up last: models are usually created many of one
    /// class at a time, and this spares them the shared metadata table's lock.
    var lastClassInfo: (modelClass: ObjectIdentifier, info: PropertyRegistry.ClassInfo)?
    /// The one looked up before it, for collections that mix two classes.
    var previousClassInfo: (modelClass: ObjectIdentifier, info: PropertyRegistry.ClassInfo)?
    /// The subclass selector this thread looked up last (nil box: the class does not select).
    var lastSelector: (modelClass: ObjectIdentifier, box: SelectorBox?)?
    /// Every class's selector this thread asked for, so output of trees of many classes takes no lock.
    var knownSelectors: [ObjectIdentifier: SelectorBox?] = [:]
    /// Set while a throwaway instance is built to learn a class's declarations: hooks do not run.
    var isBuildingPrototype = false
    /// Storage and lock handed to the next model of exactly `pendingClass`.
    var pendingClass: ObjectIdentifier?
    var pendingStorage: ModelStorage?
    var pendingLock: WrapModelLock?

    // Unmanaged: the thread-specific slot holds one retain of the context, released by the key's destructor.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ConstructionContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    init() {
        announced = .allocate(capacity: announcedCapacity)
    }

    deinit {
        announced.deinitialize(count: announcedCount)
        announced.deallocate()
    }

    /// The calling thread's context, created on first use.
    static var current: ConstructionContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ConstructionContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ConstructionContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Runs `body` with the calling thread's context, borrowed rather than retained: property
    /// objects register here once each, and a retain and release per property is measurable.
    @inline(__always)
    static func withCurrent<R>(_ body: (ConstructionContext) -> R) -> R {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ConstructionContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return body(current)
    }

    /// Creates a model of `type` over `storage`, sharing `lock`, through `init(data:mutable:)`.
    /// With `selecting` (every creation from data; copies pass `false`), a ``WrapPolymorphic``
    /// `type` first chooses the subclass for the object.
    ///
    /// Data that is already a dictionary is passed to `init(data:mutable:)` itself, so an override
    /// of that initialiser sees (and may adjust) it; a JSON document's object is handed over
    /// as it is, so that nothing is converted before it is read.
    static func makeModel<M: WrapModel>(
        _ requested: M.Type, storage: ModelStorage, mutable: Bool, lock: WrapModelLock?, selecting: Bool = true
    ) -> M {
        let context = current
        let type = selecting ? SubclassSelection.resolve(requested, storage: storage, context: context) : requested
        let saved = (context.pendingClass, context.pendingStorage, context.pendingLock)
        defer { (context.pendingClass, context.pendingStorage, context.pendingLock) = saved }
        if let dictionary = storage.nativeDictionary ?? (type.wrapsJSONLazily ? nil : storage.originalData) {
            context.handOff(storage: nil, lock: lock, to: type)
            return type.init(data: dictionary, mutable: mutable)
        }
        context.handOff(storage: storage, lock: lock, to: type)
        return type.init(data: [:], mutable: mutable)
    }

    /// Leaves `storage` and `lock` for the next model of exactly `type` created on this thread.
    func handOff(storage: ModelStorage?, lock: WrapModelLock?, to type: WrapModel.Type) {
        pendingClass = ObjectIdentifier(type)
        pendingStorage = storage
        pendingLock = lock
    }

    /// What was left for a model of `modelClass`, taken so nothing else receives it.
    func takeHandOff(for modelClass: ObjectIdentifier) -> (storage: ModelStorage?, lock: WrapModelLock?)? {
        guard pendingClass == modelClass else { return nil }
        let handOff = (storage: pendingStorage, lock: pendingLock)
        pendingClass = nil
        pendingStorage = nil
        pendingLock = nil
        return handOff
    }
}
