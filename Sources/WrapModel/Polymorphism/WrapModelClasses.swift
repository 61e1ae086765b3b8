/// The process-wide table of model classes by name, for selectors that get a class *name* from
/// data (``WrapSubclassSelector/entityMapper(named:classes:)``) and for generated code.
///
/// ```swift
/// WrapModelClasses.register(Photo.self)               // as "Photo"
/// WrapModelClasses.register(Video.self, as: "Movie")
/// ```
/// Safe from any thread.
public enum WrapModelClasses {
    private static let registry = Locked<[String: WrapModel.Type]>([:])

    /// Registers `modelClass` under `name` (default: its unqualified type name), replacing any
    /// class registered under that name.
    /// - Parameters:
    ///   - modelClass: The class.
    ///   - name: The name to register it under; nil: its unqualified type name.
    public static func register(_ modelClass: WrapModel.Type, as name: String? = nil) {
        let key = name ?? String(describing: modelClass)
        registry.withLock { $0[key] = modelClass }
    }

    /// The class registered as `name`, if any.
    /// - Parameter name: The name it was registered under.
    public static func modelClass(named name: String) -> WrapModel.Type? {
        registry.withLock { $0[name] }
    }

    /// Removes the class registered as `name`; returns whether one was.
    /// - Parameter name: The name it was registered under.
    @discardableResult
    public static func unregister(name: String) -> Bool {
        registry.withLock { $0.removeValue(forKey: name) != nil }
    }

    /// Every registered class.
    static var all: [WrapModel.Type] { registry.withLock { Array($0.values) } }
}
