import WrapModel

/// What the emitter writes: the language-neutral description of the generated file.
struct GeneratedModel {
    /// File names of the inputs, for the header comment.
    var sources: [String]
    /// What the inputs were ("JSON samples", "Xcode data model").
    var sourceKind: String
    var enums: [EnumDecl] = []
    var classes: [ClassDecl] = []
    /// Lines for the header comment after the style line (how to read the samples' root).
    var headerNotes: [String] = []
}

struct EnumDecl {
    struct Case {
        var name: String
        /// The string the case stands for in the data.
        var dataValue: String
    }

    var name: String
    var doc: [String] = []
    var cases: [Case]
}

struct ClassDecl {
    var name: String
    /// nil: `WrapModel`.
    var superclass: String?
    var isFinal = true
    var doc: [String] = []
    /// Protocols adopted after the superclass (`WrapPolymorphic`, …).
    var conformances: [String] = []
    /// Static members written before the properties, one Swift line each (with their doc lines).
    var staticMembers: [String] = []
    var properties: [PropertyDecl] = []
}

/// Element types of scalar array properties.
enum ArrayElement: Equatable {
    case int, double, float, bool, string, dict
}

enum PropertyKind: Equatable {
    case int, double, float, bool, string, dict
    /// Always `Date?`.
    case date(WrapDateOutputType)
    /// Always `T?`.
    case model(String)
    case modelArray(String)
    case array(ArrayElement)
    /// `defaultCase` is the case read when the value is missing (non-optional only).
    case enumeration(String, defaultCase: String?)
    /// Type unknown (always null, mixed types): `Any?`.
    case any
    /// Array whose element type is unknown: `[Any]?`.
    case anyArray
    /// Integers written as strings: `IntStrProperty`.
    case intString
    /// Booleans written as strings (`"yes"`/`"no"`, …): `BoolProperty` with this output type.
    case boolString(WrapPropertyBoolOutputType)
    /// Objects keyed by ids whose values are objects: `[String: T]`.
    case modelDict(String)
    /// Arrays nested `depth` deep (2 or more) of numbers: always optional.
    case numberArrays(depth: Int, element: ArrayElement)
    /// UUID strings: `UUID?`, read and written through `UUID`'s codec (upper case out).
    case uuid
    /// Absolute URL strings: `URL?`, read and written through `URL`'s codec.
    case url
}

struct PropertyDecl {
    var name: String
    var keyPath: String
    var kind: PropertyKind
    var isOptional: Bool
    /// Swift literal for `defaultValue:` (non-optional scalars only).
    var defaultLiteral: String?
    /// Never written through a `Mut…` wrapper, even with `--mutable`.
    var forceReadOnly = false
    /// The name of the ``WrapValueTransformers`` transformer that converts the value; `kind` is
    /// then the type it produces.
    var transformer: String?
    var doc: [String] = []
}

/// The declaration style the generator writes.
public enum WrapGenStyle: String, Sendable, CaseIterable {
    /// `@IntProperty("key") var name: Int`
    case wrappers
    /// `let name = WPInt("key")`
    case classic
    /// `@Property("key") var name: Int`: one generic wrapper, the conversion inferred from the type
    case property
}

/// Options shared by both generators.
public struct WrapGenOptions: Sendable, Equatable {
    /// How declarations are written. Defaults to ``WrapGenStyle/property``, the style the
    /// documentation teaches.
    public var style: WrapGenStyle
    /// Wrapper style: `Mut…` wrappers (classic declarations are always writable).
    public var mutable: Bool

    /// JSON inference: strings that repeat a few values (at most 8, each seen about twice or
    /// more) become an enum. Defaults to `false`.
    public var enums: Bool
    /// Put before every generated class and enum name (the root's too, unless it already starts
    /// with it), e.g. `API`. Defaults to none.
    public var prefix: String
    /// Property style: spell every key out (`@Property("name") var name: String`). By default a
    /// key the class's `keyNaming` gives from the property's name is left out
    /// (`@Property var name: String`), and a class whose keys are snake_case (or kebab-case)
    /// declares that naming. The other styles always spell keys out.
    public var explicitKeys: Bool

    /// Options for ``WrapGen``; every parameter is the property of the same name.
    public init(style: WrapGenStyle = .property, mutable: Bool = false, enums: Bool = false, prefix: String = "",
                explicitKeys: Bool = false) {
        self.style = style
        self.mutable = mutable
        self.enums = enums
        self.prefix = prefix
        self.explicitKeys = explicitKeys
    }
}
