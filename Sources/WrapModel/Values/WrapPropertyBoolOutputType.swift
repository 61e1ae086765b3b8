import Foundation

/// How a ``WrapPropertyBool`` writes its value.
public enum WrapPropertyBoolOutputType: Int, Sendable, CaseIterable {
    /// `true` / `false`
    case boolean
    /// `"yes"` / `"no"`
    case yesNo
    /// `"Y"` / `"N"`
    case ynString
    /// `"T"` / `"F"`
    case tfString
    /// `1` / `0`
    case numeric

    func output(_ value: Bool) -> Any {
        switch self {
        case .boolean: return value
        case .yesNo: return value ? "yes" : "no"
        case .ynString: return value ? "Y" : "N"
        case .tfString: return value ? "T" : "F"
        case .numeric: return value ? 1 : 0
        }
    }
}
