/// A nested object as a submodel of type `T`, created on first read.
///
/// ```swift
/// let address = WPModel<Address>("shipping.address")
/// print(customer.address.value?.city.value ?? "")
/// ```
/// The submodel shares the parent's lock and mutability; output writes its current data. A model
/// you assign keeps its own lock.
public final class WrapPropertyModel<T: WrapModel>: WrapProperty<T?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(ModelCodec<T>()), defaultValue: nil, serializeForOutput: serializeForOutput)
        }
    }
}
