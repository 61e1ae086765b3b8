/// The little Swift syntax the declaration reader needs: calls with generic arguments,
/// argument lists, string literals and type spellings. Brackets are matched outside string
/// literals; nothing is evaluated.
enum SwiftSyntax {
    /// A type as written: `Int`, `UUID?`, `[String: Seat]`, `Optional<[Order]>`.
    indirect enum TypeSpelling: Equatable {
        /// A name (possibly qualified, `Foundation.UUID`) with its generic arguments.
        case named(String, [TypeSpelling])
        case optional(TypeSpelling)
        case array(TypeSpelling)
        case dictionary(key: TypeSpelling, value: TypeSpelling)

        /// The type without an outer optional, and whether there was one.
        var unwrapped: (type: TypeSpelling, isOptional: Bool) {
            if case .optional(let wrapped) = self { return (wrapped.unwrapped.type, true) }
            return (self, false)
        }

        /// The last component of a named type's name (`Order.Status` → `Status`); nil otherwise.
        var simpleName: String? {
            guard case .named(let name, _) = self else { return nil }
            return name.split(separator: ".").last.map(String.init)
        }
    }

    /// One argument of a call: `"key"`, `date: .iso8601`.
    struct Argument: Equatable {
        var label: String?
        var value: String
    }

    /// A call such as `WPModel<Address>("address")` or `ModelArrayProperty("items", embedPath: "x")`.
    struct Call: Equatable {
        var name: String
        /// The text between the angle brackets after the name, if any.
        var generic: String?
        /// nil when the name is not followed by parentheses.
        var arguments: [Argument]?
        /// The text after the call.
        var remainder: Substring
    }

    /// The call `text` starts with.
    static func call(_ text: Substring) -> Call? {
        let text = text.drop(while: { $0 == " " })
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard !name.isEmpty, name.first?.isNumber == false else { return nil }
        var rest = text.dropFirst(name.count)
        var generic: String?
        if rest.first == "<" {
            guard let close = matchingClose(rest) else { return nil }
            generic = String(rest[rest.index(after: rest.startIndex)..<close]).trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
        }
        var arguments: [Argument]?
        if rest.first == "(" {
            guard let close = matchingClose(rest) else { return nil }
            arguments = argumentList(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return Call(name: String(name), generic: generic, arguments: arguments, remainder: rest)
    }

    /// Calls `visit` with each character of `text` outside string literals (a literal's quotes
    /// included: they are never visited), in order, until it returns false. Every bracket
    /// count of the declaration reader goes through here, so escapes are handled once.
    static func forEachOutsideStrings<Text: StringProtocol>(_ text: Text, _ visit: (Text.Index, Character) -> Bool) {
        var inString = false
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" {
                inString = true
                continue
            }
            if !visit(index, character) { return }
        }
    }

    /// The index of the bracket closing the one `text` starts with: any of `(`, `[`, `<`, `{`
    /// when `brackets` is `.all`, only `{` and `}` when `.braces` (where a `<` is no bracket).
    static func matchingClose(_ text: Substring, counting brackets: Brackets = .all) -> Substring.Index? {
        var depth = 0
        var found: Substring.Index?
        forEachOutsideStrings(text) { index, character in
            if brackets.opens(character) {
                depth += 1
            } else if brackets.closes(character) {
                depth -= 1
                if depth == 0 {
                    found = index
                    return false
                }
            }
            return true
        }
        return found
    }

    /// Which characters ``matchingClose(_:counting:)`` counts as brackets.
    enum Brackets {
        case all, braces

        func opens(_ character: Character) -> Bool {
            self == .all ? "([<{".contains(character) : character == "{"
        }

        func closes(_ character: Character) -> Bool {
            self == .all ? ")]>}".contains(character) : character == "}"
        }
    }

    /// `text` split at `separator` where no bracket is open and no string literal runs, each
    /// part trimmed; empty parts are dropped.
    static func splitTopLevel(_ text: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        forEachOutsideStrings(text) { index, character in
            switch character {
            case "(", "[", "<", "{": depth += 1
            case ")", "]", ">", "}": depth -= 1
            case separator where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            return true
        }
        parts.append(text[start...])
        return parts.map(trimmed).filter { !$0.isEmpty }
    }

    /// `text` without leading and trailing spaces.
    static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else { return "" }
        return text[first...last]
    }

    /// The arguments of a call, between its parentheses.
    static func argumentList(_ text: Substring) -> [Argument] {
        splitTopLevel(text, at: ",").map { part in
            // `label: value`, where the label is an identifier; a string literal has no label.
            let label = part.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let afterLabel = part.dropFirst(label.count).drop(while: { $0 == " " })
            if !label.isEmpty, afterLabel.first == ":" {
                return Argument(label: String(label), value: String(trimmed(afterLabel.dropFirst())))
            }
            return Argument(label: nil, value: String(part))
        }
    }

    /// The text of `literal` when it is exactly one string literal (`"a\"b"`), unescaped.
    static func stringLiteral(_ literal: String) -> String? {
        guard literal.count >= 2, literal.first == "\"", literal.last == "\"" else { return nil }
        var result = ""
        var escaped = false
        for character in literal.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil  // two literals, or an interpolation's quotes
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : result
    }

    /// The type `text` spells, or nil for what the reader does not follow (functions, tuples,
    /// `some`/`any`, protocol compositions).
    static func type(_ text: String) -> TypeSpelling? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.hasSuffix("?") || text.hasSuffix("!") {
            return type(String(text.dropLast())).map(TypeSpelling.optional)
        }
        if text.hasPrefix("("), let close = matchingClose(text[...]), close == text.index(before: text.endIndex) {
            return type(String(text.dropFirst().dropLast()))
        }
        if text.hasPrefix("[") {
            guard let close = matchingClose(text[...]), close == text.index(before: text.endIndex) else { return nil }
            let parts = splitTopLevel(text.dropFirst().dropLast(), at: ":")
            switch parts.count {
            case 1: return type(String(parts[0])).map(TypeSpelling.array)
            case 2:
                guard let key = type(String(parts[0])), let value = type(String(parts[1])) else { return nil }
                return .dictionary(key: key, value: value)
            default: return nil
            }
        }
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard !name.isEmpty, name.first?.isNumber == false, !["some", "any"].contains(String(name)) else { return nil }
        var arguments: [TypeSpelling] = []
        let rest = text.dropFirst(name.count)
        if !rest.isEmpty {
            guard rest.first == "<", let close = matchingClose(rest), close == text.index(before: text.endIndex) else { return nil }
            for part in splitTopLevel(rest.dropFirst().dropLast(), at: ",") {
                guard let argument = type(String(part)) else { return nil }
                arguments.append(argument)
            }
        }
        switch (name.split(separator: ".").last.map(String.init) ?? "", arguments.count) {
        case ("Optional", 1): return .optional(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: return .named(String(name), arguments)
        }
    }
}
