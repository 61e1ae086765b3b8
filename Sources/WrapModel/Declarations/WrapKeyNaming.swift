/// How a model class turns a property's name into its key, for declarations that give none
/// (`@Property var createdAt: Date?`).
///
/// ```swift
/// final class Event: WrapModel, NonisolatedModel, @unchecked Sendable {
///     override class var keyNaming: WrapKeyNaming { .snakeCase }
///     @Property var createdAt: Date?          // reads "created_at"
///     @Property("id") var identifier: Int     // an explicit key always wins
/// }
/// ```
/// A class's naming is inherited by its subclasses (unless they override it). It is what
/// `JSONDecoder.keyDecodingStrategy` gives Codable users, per class rather than per decoder.
public enum WrapKeyNaming: Sendable {
    /// The name as it is: `createdAt` reads `"createdAt"`. The default.
    case asIs
    /// Words in lower case joined by underscores: `createdAt` reads `"created_at"`,
    /// `profileURL` reads `"profile_url"`, `userID2` reads `"user_id2"`.
    case snakeCase
    /// Words in lower case joined by hyphens: `createdAt` reads `"created-at"`.
    case kebabCase
    /// A function of your own from the name to the key.
    case custom(@Sendable (String) -> String)

    /// The key for a property named `name`.
    /// - Parameter name: The property's name, as declared.
    public func key(for name: String) -> String {
        switch self {
        case .asIs: return name
        case .snakeCase: return Self.words(of: name).joined(separator: "_")
        case .kebabCase: return Self.words(of: name).joined(separator: "-")
        case .custom(let convert): return convert(name)
        }
    }

    /// The lower-cased words of a camel-case name: a word starts at an upper-case letter that
    /// follows a lower-case letter or digit, and at the last capital of a run followed by a
    /// lower-case letter (`URLSession` is `url`, `session`). Underscores separate words too.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false)) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(Character(character.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
