
/// A named, optionally reversible conversion between a value in the data and a model value.
///
/// `forward` turns the stored value (never `NSNull`) into the model's value; `reverse` turns a
/// model value back into its data form for output. Return nil for "no value".
public struct WrapValueTransformer: Sendable {
    /// The name properties refer to.
    public let name: String
    /// Data value → model value.
    public let forward: @Sendable (Any) -> Any?
    /// Model value → data value; nil for a one-way transformer (output then writes the value itself).
    public let reverse: (@Sendable (Any) -> Any?)?

    /// A transformer: `forward` converts data to the property's value, `reverse` back (nil: one-way).
    /// - Parameters:
    ///   - name: The name properties give as `transformer:`.
    ///   - forward: Converts a value from the data to the property's value; nil means no value.
    ///   - reverse: Converts the property's value back to data; nil makes the transformer one-way.
    ///     Defaults to nil.
    public init(name: String, forward: @escaping @Sendable (Any) -> Any?, reverse: (@Sendable (Any) -> Any?)? = nil) {
        self.name = name
        self.forward = forward
        self.reverse = reverse
    }
}

/// The process-wide registry of named value transformers.
///
/// ```swift
/// WrapValueTransformers.register(name: "cents",
///     forward: { ($0 as? Int).map { Double($0) / 100 } },
///     reverse: { ($0 as? Double).map { Int(($0 * 100).rounded()) } })
///
/// final class Price: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @TransformedProperty("amount", transformer: "cents") var amount: Double
/// }
/// ```
/// Registering, replacing and looking up are safe from any thread. A property resolves its
/// transformer when it first converts a value, so registering after a model is created but before
/// the property is first read works. A name that is not registered at that point reads as the
/// property's default value and ``WrapModel/validate()`` reports
/// ``WrapModelIssue/Kind/unknownTransformer(_:)``; nothing traps.
public enum WrapValueTransformers {
    private static let registry = Locked<[String: WrapValueTransformer]>([:])

    /// Registers (or replaces) the transformer called `name`.
    /// - Parameters:
    ///   - name: The name properties use in `transformer:`.
    ///   - forward: Converts a stored value (never `NSNull`) to the model's value; nil for no value.
    ///   - reverse: Converts a model value back to data for output; nil for a one-way transformer.
    public static func register(name: String, forward: @escaping @Sendable (Any) -> Any?,
                                reverse: (@Sendable (Any) -> Any?)? = nil) {
        register(WrapValueTransformer(name: name, forward: forward, reverse: reverse))
    }

    /// Registers (or replaces) `transformer` under its name.
    /// - Parameter transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    public static func register(_ transformer: WrapValueTransformer) {
        registry.withLock { $0[transformer.name] = transformer }
    }

    /// Removes the transformer called `name`; returns whether one was registered.
    /// - Parameter name: The name it was registered under.
    @discardableResult
    public static func unregister(name: String) -> Bool {
        registry.withLock { $0.removeValue(forKey: name) != nil }
    }

    /// The transformer registered as `name`, if any.
    /// - Parameter name: The name it was registered under.
    public static func transformer(named name: String) -> WrapValueTransformer? {
        registry.withLock { $0[name] }
    }

    /// The registered names, sorted.
    public static var registeredNames: [String] {
        registry.withLock { $0.keys.sorted() }
    }
}
