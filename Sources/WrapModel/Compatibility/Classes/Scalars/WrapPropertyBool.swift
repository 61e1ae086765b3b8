import Foundation
import WrapModelJSON

/// A `Bool` from booleans, numbers (non-zero is true) and strings (`t`, `T`, `y`, `Y` or `1` first
/// is true; `f`, `F`, `n`, `N` or `0` first is false). Default false; written as `boolType` says.
///
/// ```swift
/// let optIn = WPBool("opt_in", boolType: .yesNo)     // "Yes" reads true, writes "yes"
/// ```
public final class WrapPropertyBool: WrapProperty<Bool> {
    /// How output writes the value. Defaults to ``WrapPropertyBoolOutputType/boolean``.
    public let boolType: WrapPropertyBoolOutputType

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - boolType: How output writes the value. Defaults to `.boolean`.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `false`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, boolType: WrapPropertyBoolOutputType = .boolean, defaultValue: Bool = false,
                serializeForOutput: Bool = true) {
        self.boolType = boolType
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: BoolCodec(output: boolType))
    }

    /// True when `string` starts with `t`, `T`, `y`, `Y` or `1`; false otherwise and for nil.
    /// - Parameter string: The text, or nil.
    public static func isTrueString(_ string: String?) -> Bool {
        guard let string else { return false }
        return NumberReading.bool(string) ?? false
    }
}
