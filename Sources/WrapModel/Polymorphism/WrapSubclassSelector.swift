/// How a ``WrapPolymorphic`` class chooses the subclass for one object.
///
/// - ``discriminator(_:_:)``: the value at a key path names the class through a table.
/// - ``choose(_:)``: a closure looks at the object and returns the class.
/// - ``entityMapper(named:classes:)``: a named value transformer (see ``WrapValueTransformers``)
///   turns the whole object into a class name, looked up in a table or in ``WrapModelClasses``.
///
/// A selector returning nil, or a class that is not a subclass of the class being created, gives
/// that class.
public struct WrapSubclassSelector: Sendable {
    enum Rule: Sendable {
        case discriminator(KeyPathComponents, [String: WrapModel.Type])
        case choose(@Sendable (WrapSelectionData) -> WrapModel.Type?)
        case entityMapper(String, [String: WrapModel.Type]?)
    }

    let rule: Rule

    /// Chooses by the value at `keyPath`: `table[value]`. Numbers are looked up by their decimal
    /// text (`2` finds `"2"`).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the discriminator, e.g. `"type"` or `"meta.kind"`.
    ///   - table: Discriminator value → class. Values not in it give the base class and a
    ///     ``WrapModelIssue/Kind/unknownDiscriminator(_:)`` issue.
    public static func discriminator(_ keyPath: String, _ table: [String: WrapModel.Type]) -> Self {
        Self(rule: .discriminator(KeyPathComponents(keyPath), table))
    }

    /// Chooses with `body`, given a read view of the object; nil means the base class.
    /// - Parameter body: Given the object, returns the class to create, or nil for the base
    ///   class. It may run on any thread, once per model created.
    public static func choose(_ body: @escaping @Sendable (WrapSelectionData) -> WrapModel.Type?) -> Self {
        Self(rule: .choose(body))
    }

    /// Chooses with the value transformer registered as `name` (Groot's entity mapper): its
    /// `forward` receives the object as a `[String: Any]` and returns a class name (a `String`)
    /// or a class. Names are looked up in `classes`, or when it is nil in ``WrapModelClasses``.
    /// A name found in neither gives the base class and an
    /// ``WrapModelIssue/Kind/unknownDiscriminator(_:)`` issue; a transformer not registered, a
    /// ``WrapModelIssue/Kind/unknownTransformer(_:)`` issue.
    /// - Parameters:
    ///   - name: The name of a registered value transformer.
    ///   - classes: The classes by the names the mapper returns; nil: names are looked up in ``WrapModelClasses``.
    public static func entityMapper(named name: String, classes: [String: WrapModel.Type]? = nil) -> Self {
        Self(rule: .entityMapper(name, classes))
    }

    /// The discriminator's key path, when this selector uses one (output writes it back).
    var discriminatorPath: KeyPathComponents? {
        if case .discriminator(let path, _) = rule { return path }
        return nil
    }

    /// Every class the selector names in a table (for questions asked of a whole family).
    var tableClasses: [WrapModel.Type]? {
        switch rule {
        case .discriminator(_, let table): return Array(table.values)
        case .entityMapper(_, let table): return table.map { Array($0.values) } ?? WrapModelClasses.all
        case .choose: return nil
        }
    }
}
