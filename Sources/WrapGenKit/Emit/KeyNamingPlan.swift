import WrapModel

/// The key namings the generator may give a class (`override class var keyNaming`): those whose
/// conversion it can run and a reader can predict.
enum GeneratedKeyNaming: CaseIterable, Equatable {
    case asIs, snakeCase, kebabCase

    /// The library's naming, whose `key(for:)` decides which keys can be left out.
    var naming: WrapKeyNaming {
        switch self {
        case .asIs: return .asIs
        case .snakeCase: return .snakeCase
        case .kebabCase: return .kebabCase
        }
    }

    /// How the override spells it.
    var spelling: String {
        switch self {
        case .asIs: return ".asIs"
        case .snakeCase: return ".snakeCase"
        case .kebabCase: return ".kebabCase"
        }
    }

    /// Whether `naming` turns the property name `name` into exactly `key`, byte for byte (keys are
    /// looked up by their bytes, so a key that is only canonically equivalent would be missed).
    /// Names starting with `_` (a key's leading digit: `2fa` → `_2fa`) keep their key even where
    /// the naming drops the underscore, so that no reader has to know that rule.
    func gives(_ key: String, for name: String) -> Bool {
        guard !key.isEmpty, !name.hasPrefix("_") else { return false }
        return naming.key(for: name).utf8.elementsEqual(key.utf8)
    }
}

/// Which keys the property style leaves out, and the naming each generated class declares.
///
/// A declaration through `@Property`/`@MutProperty` may leave its key out when the class's
/// naming gives the key from the property's name. The naming is decided per class hierarchy (a
/// class with no generated superclass and its generated subclasses): the library converts every
/// keyless declaration a model reads, inherited ones included, with the naming of the model's own
/// class, so a subclass that named keys differently would change its superclass's keys too. The
/// hierarchy takes the naming that leaves out the most keys; a tie goes to the naming that wins
/// over the whole file (so the classes of one API read alike), then to `.asIs`, the default,
/// which needs no override.
struct KeyNamingPlan {
    /// The naming each class's keyless declarations are read with.
    private(set) var namings: [String: GeneratedKeyNaming] = [:]
    /// The classes that declare a naming (`override class var keyNaming`), and which.
    private(set) var overrides: [String: GeneratedKeyNaming] = [:]

    /// No key is left out.
    static let explicit = KeyNamingPlan()

    private init() {}

    /// - Parameters:
    ///   - classes: Every class of the file.
    ///   - candidates: The `(name, key)` pairs of each class's properties that may leave their key
    ///     out (those declared through `@Property`), by class name.
    init(classes: [ClassDecl], candidates: [String: [(name: String, key: String)]]) {
        let names = Set(classes.map(\.name))
        var rootOf: [String: String] = [:]
        let superclasses = Dictionary(classes.map { ($0.name, $0.superclass) }, uniquingKeysWith: { first, _ in first })
        for decl in classes {
            var root = decl.name
            var seen: Set<String> = [root]
            while let parent = superclasses[root] ?? nil, names.contains(parent), seen.insert(parent).inserted { root = parent }
            rootOf[decl.name] = root
        }
        // Keys each naming leaves out, per hierarchy and over the file.
        var scores: [String: [GeneratedKeyNaming: Int]] = [:]
        var fileScores: [GeneratedKeyNaming: Int] = [:]
        for decl in classes {
            let root = rootOf[decl.name] ?? decl.name
            for naming in GeneratedKeyNaming.allCases {
                let count = (candidates[decl.name] ?? []).filter { naming.gives($0.key, for: $0.name) }.count
                scores[root, default: [:]][naming, default: 0] += count
                fileScores[naming, default: 0] += count
            }
        }
        let preferred = Self.best(fileScores, preferring: nil)
        for decl in classes {
            let root = rootOf[decl.name] ?? decl.name
            let naming = Self.best(scores[root] ?? [:], preferring: preferred)
            namings[decl.name] = naming
            if root == decl.name, naming != .asIs { overrides[decl.name] = naming }
        }
    }

    /// The naming with the highest score; among equals `preferring`, then the first in
    /// `allCases` order. With nothing to leave out, `.asIs`.
    private static func best(_ scores: [GeneratedKeyNaming: Int], preferring: GeneratedKeyNaming?) -> GeneratedKeyNaming {
        let top = scores.values.max() ?? 0
        guard top > 0 else { return .asIs }
        if let preferring, scores[preferring] == top { return preferring }
        return GeneratedKeyNaming.allCases.first { scores[$0] == top } ?? .asIs
    }

    /// Whether the declaration of `name` in `className` leaves its key out.
    func omitsKey(_ key: String, name: String, in className: String) -> Bool {
        namings[className]?.gives(key, for: name) ?? false
    }
}
