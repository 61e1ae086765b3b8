/// Why a property list could not be read or written. The model library reports each as the
/// `WrapModelError` a user sees (`malformedPropertyList(reason:)`, `unencodable(keyPath:found:)`);
/// this target knows nothing of models, so it has its own.
package enum PropertyListError: Error, Equatable {
    /// The data is not a property list this package reads (cut, damaged, nested too deep).
    case malformed(reason: String)
    /// A value at `keyPath` has no property-list form; `found` names its type.
    case unencodable(keyPath: String, found: String)
}
