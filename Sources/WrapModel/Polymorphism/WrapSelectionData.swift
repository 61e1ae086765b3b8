import WrapModelJSON
/// A read view of the object a model is about to be created for, given to
/// ``WrapSubclassSelector/choose(_:)`` closures.
///
/// Looking a value up converts only that value, so choosing a class does not convert the whole
/// object of a model created from JSON bytes.
public struct WrapSelectionData: @unchecked Sendable {
    // @unchecked: the storage is immutable (see ModelStorage); the view lives for one selection.
    let storage: ModelStorage

    /// The value at a period-delimited key path (`"type"`, `"meta.kind"`), or nil when absent.
    /// `null` is returned as `NSNull`.
    /// - Parameter keyPath: Period-delimited path of the value in the model's data.
    public func value(at keyPath: String) -> Any? {
        storage.lookup(KeyPathComponents(keyPath))?.any
    }

    /// The string at `keyPath`, or nil when it is absent or not a string.
    /// - Parameter keyPath: Period-delimited path of the value in the model's data.
    public func string(at keyPath: String) -> String? {
        value(at: keyPath).flatMap(NativeValue.string)
    }

    /// The whole object as a dictionary (converted on first use and kept by the storage).
    public var dictionary: [String: Any] { storage.originalData }
}
