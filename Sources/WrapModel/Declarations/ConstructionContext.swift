import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread state of the models being constructed on this thread.
///
/// A subclass's stored properties — property wrappers and classic property objects — are
/// initialised by Swift *before* `WrapModel.init` runs, and none of them knows which model it
/// belongs to. Each one therefore takes the next *position* on this thread's declaration stack
/// (``declare(_:make:)``, in ConstructionContext+Declare); `WrapModel.init` then
/// claims the positions its declarations took: the last `n` of them, `n` being its class's
/// declaration count. Models constructed while another is (a default value that is a model)
/// claim theirs in between, so the stack stays balanced.
///
/// A parent that creates a submodel also leaves the submodel's storage and lock here, so that
/// the public `init(data:mutable:)` (which subclasses may override) stays the only initialiser.
@usableFromInline
final class ConstructionContext {
    /// One position of the declaration stack.
    @usableFromInline
    struct Entry {
        /// The descriptor the declaration matched, or built (`owned`: then retained here).
        @usableFromInline var descriptor: Unmanaged<PropertyDescriptor>
        @usableFromInline var owned: Bool
        /// How many parts of the descriptor's fingerprint the declaration matched so far.
        @usableFromInline var matchedParts: Int
        /// A classic property object a wrapper was declared over (`@ROProperty(WPInt("n"))`),
        /// retained until the model takes it, so that `$name` can return it. Nil for every other
        /// declaration: a property object held in a stored property is found there by its model.
        var handle: Unmanaged<WrapPropertyBase>?
        /// Set when the property object that made the declaration was released unclaimed.
        var isAbandoned = false

        @usableFromInline
        init(descriptor: Unmanaged<PropertyDescriptor>, owned: Bool, matchedParts: Int) {
            self.descriptor = descriptor
            self.owned = owned
            self.matchedParts = matchedParts
        }
    }

    /// The declaration stack, one entry per position below `depth`; managed by hand so that a
    /// declaration costs a store, not an array's uniqueness check. Only ever touched by its own
    /// thread, so exclusivity needs no run-time check.
    @exclusivity(unchecked) @usableFromInline var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) @usableFromInline var depth = 0
    @exclusivity(unchecked) @usableFromInline var capacity = 64
    /// The descriptor expected at each position: the one the last model claiming that position
    /// had (nil where none did). A declaration whose arguments match it needs no descriptor of
    /// its own. Table descriptors live for the process, so these need no reference counting.
    @exclusivity(unchecked) @usableFromInline var expected: UnsafeMutablePointer<Unmanaged<PropertyDescriptor>?>
    /// Set while a property object is made as a view (or to read a declaration's arguments):
    /// it then takes no position.
    @exclusivity(unchecked) var isMakingView = false

    /// This stack's tag, which wrappers keep beside their position so that a model claims a
    /// position only from the stack it was taken on (an initialiser may suspend before
    /// `super.init` and resume on another thread). Unique among live threads unless more than
    /// 65,535 threads ever made models.
    @usableFromInline let tag: UInt16
    private static let tags = Atomic<UInt16>(0)

    /// The class tables this thread looked up last (see `ModelClassTable.unretained(_:)`),
    /// unretained: class tables are never freed.
    @exclusivity(unchecked) var lastTable: Unmanaged<ModelClassTable>?
    @exclusivity(unchecked) var previousTable: Unmanaged<ModelClassTable>?
    /// Storage and lock handed to the next model of exactly `pendingClass`.
    @exclusivity(unchecked) var pendingClass: ObjectIdentifier?
    @exclusivity(unchecked) var pendingStorage: ModelStorage?
    @exclusivity(unchecked) var pendingLock: WrapModelLock?

    // Unmanaged: the thread-specific slot holds one retain of the context, released by the key's destructor.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // glibc and Musl declare the destructor's argument nullable, Darwin does not:
            // `pthread_key_create(_: UnsafeMutablePointer<pthread_key_t>!,
            //  _: (@convention(c) (UnsafeMutableRawPointer) -> Void)?) -> Int32` there. Widened to
            // an optional, the same body compiles against both.
            let pointer: UnsafeMutableRawPointer? = pointer
            guard let pointer else { return }
            Unmanaged<ConstructionContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    init() {
        var tag = Self.tags.add(1, ordering: .relaxed).newValue
        if tag == 0 { tag = Self.tags.add(1, ordering: .relaxed).newValue }
        self.tag = tag
        entries = .allocate(capacity: capacity)
        expected = .allocate(capacity: capacity)
        expected.initialize(repeating: nil, count: capacity)
    }

    deinit {
        for index in 0..<depth where entries[index].owned { entries[index].descriptor.release() }
        entries.deallocate()
        expected.deinitialize(count: capacity)
        expected.deallocate()
    }

    /// The calling thread's context, created on first use.
    @usableFromInline
    static var current: ConstructionContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ConstructionContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ConstructionContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The calling thread's context, not retained: the thread's slot keeps it alive for as long as
    /// the thread runs, and declarations (one per declared property per model) spare the
    /// reference counting.
    @usableFromInline
    static var currentUnretained: Unmanaged<ConstructionContext> {
        if let pointer = pthread_getspecific(key) { return Unmanaged.fromOpaque(pointer) }
        return Unmanaged.passUnretained(current)
    }

    /// Runs `body` with the calling thread's context, borrowed rather than retained: every
    /// declaration of every model comes here, and a retain and release each is measurable.
    @inline(__always)
    static func withCurrent<R>(_ body: (ConstructionContext) -> R) -> R {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ConstructionContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return body(current)
    }

    /// Creates a model of exactly `type` over `storage`, sharing `lock`, through
    /// `init(data:mutable:)` (see ``initialData(for:storage:lock:)``). The factory
    /// (`WrapModel.make(over:mutable:lock:selecting:)`) chooses `type` and calls this.
    static func construct<M: WrapModel>(_ type: M.Type, storage: ModelStorage, mutable: Bool, lock: WrapModelLock?) -> M {
        let context = current
        let saved = (context.pendingClass, context.pendingStorage, context.pendingLock)
        defer { (context.pendingClass, context.pendingStorage, context.pendingLock) = saved }
        return type.init(data: context.initialData(for: type, storage: storage, lock: lock), mutable: mutable)
    }

    /// What `init(data:mutable:)` of `type` is given for a model over `storage`, decided here
    /// once for every way in: the positions expect `type`'s declarations; data that is already a
    /// dictionary (or that a class not wrapping JSON lazily wants as one) is passed itself, so an
    /// override of that initialiser sees and may adjust it; a JSON document's object is handed
    /// over as it is (with `lock`), so that nothing is converted before it is read, and the
    /// initialiser gets an empty dictionary.
    func initialData(for type: WrapModel.Type, storage: ModelStorage, lock: WrapModelLock?) -> [String: Any] {
        expect(type)
        if let dictionary = storage.nativeDictionary ?? (type.wrapsJSONLazily ? nil : storage.originalData) {
            handOff(storage: nil, lock: lock, to: type)
            return dictionary
        }
        handOff(storage: storage, lock: lock, to: type)
        return [:]
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
