/// Sees through `Optional`s hidden in generic or `Any` values, so a nil inside an `Any` is nil.
enum OptionalFlattening {
    /// `Optional` payloads as `Any?`, recursively.
    static func flattened(_ value: Any) -> Any? {
        if let optional = value as? any _OptionalMarker { return optional.flattenedValue }
        return value
    }
}
