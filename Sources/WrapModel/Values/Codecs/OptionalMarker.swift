/// Lets generic code recognise an `Optional` hidden in a generic or `Any` value.
protocol _OptionalMarker {
    var flattenedValue: Any? { get }
}

extension Optional: _OptionalMarker {
    var flattenedValue: Any? {
        switch self {
        case .some(let wrapped): return OptionalFlattening.flattened(wrapped)
        case .none: return nil
        }
    }
}
