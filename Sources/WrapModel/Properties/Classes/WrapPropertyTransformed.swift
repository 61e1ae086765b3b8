import Foundation

/// A value converted by a named transformer of ``WrapValueTransformers``.
///
/// ```swift
/// let price = WPTransformed<Double>("price_cents", transformer: "cents", defaultValue: 0)
/// let nickname = WPOptTransformed<String>("nick", transformer: "upper")   // String?, nil by default
/// ```
/// Reading applies the transformer's `forward` closure to the stored value and casts the result
/// with `as? T`; a stored `null`, a nil or `NSNull` result, or a result of another type reads as
/// ``WrapProperty/defaultValue``. Output applies `reverse` (a one-way transformer writes the value
/// itself).
///
/// The transformer is looked up by name each time a value is converted, which is once per cache
/// fill (the first read, or the first after ``WrapModel/clearMutations()``). If no transformer of
/// that name is registered then, the property reads its default value, output leaves the value
/// out, and ``WrapModel/validate()`` reports ``WrapModelIssue/Kind/unknownTransformer(_:)``.
public final class WrapPropertyTransformed<T>: WrapProperty<T> {
    /// The name of the transformer in ``WrapValueTransformers``.
    public let transformerName: String

    /// Creates a property whose value `transformer` converts.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name the transformer is (or will be) registered under.
    ///   - defaultValue: Read when the data has no value or the transformer gives none of type `T`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, transformer: String, defaultValue: T, serializeForOutput: Bool = true) {
        self.transformerName = transformer
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput,
                   codec: TransformerCodec<T>(name: transformer))
    }

    /// The transformer this property names, if it is registered now.
    public var transformer: WrapValueTransformer? { WrapValueTransformers.transformer(named: transformerName) }
}

extension WrapPropertyTransformed where T: ExpressibleByNilLiteral {
    /// Creates an optional-valued property (nil by default) whose value `transformer` converts.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name the transformer is (or will be) registered under.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public convenience init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true) {
        self.init(keyPath, transformer: transformer, defaultValue: nil, serializeForOutput: serializeForOutput)
    }
}

/// Short name: `WPTransformed<Double>("price", transformer: "cents", defaultValue: 0)`.
public typealias WPTransformed<T> = WrapPropertyTransformed<T>
/// Short name of the optional variant: `WPOptTransformed<Double>("price", transformer: "cents")` reads `Double?`.
public typealias WPOptTransformed<T> = WrapPropertyTransformed<T?>
/// Long name of the optional variant.
public typealias WrapPropertyOptionalTransformed<T> = WrapPropertyTransformed<T?>
