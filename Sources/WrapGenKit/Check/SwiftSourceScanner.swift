/// Splits Swift source into logical lines, each with the types it sits in, for the declaration
/// reader: comments are removed, a declaration written over several lines (open parentheses or
/// brackets, an attribute on a line of its own) is joined into one, and braces are counted
/// outside string literals so that nested types and member bodies are told apart.
///
/// It reads the declarations of model files, not arbitrary Swift: multi-line string literals and
/// `#if` blocks are not understood.
struct SwiftSourceScanner {
    /// A type declaration's kind.
    enum ScopeKind: Equatable {
        case type(keyword: String, name: String, inherited: [String])
        /// A function, computed property, closure or other body.
        case body
    }

    /// One logical line.
    struct Line {
        /// The 1-based number of the line it starts on.
        var number: Int
        /// The text, comments removed, joined lines separated by single spaces, trimmed.
        var text: String
        /// The scopes enclosing the line, outermost first.
        var scopes: [ScopeKind]
    }

    /// The logical lines of `source`.
    static func lines(of source: String) -> [Line] {
        var result: [Line] = []
        var scopes: [ScopeKind] = []
        /// A type declared on a line whose `{` has not been seen yet.
        var pendingType: ScopeKind?
        var inBlockComment = false
        var pending: (number: Int, text: String, depth: Int)?

        for (offset, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = stripComments(String(rawLine), inBlockComment: &inBlockComment).trimmingCharacters(in: .whitespaces)
            if code.isEmpty && pending == nil { continue }
            var logical = pending ?? (offset + 1, "", 0)
            logical.text = logical.text.isEmpty ? code : logical.text + " " + code
            logical.depth += bracketBalance(code)
            // Keep joining while a parenthesis or bracket is open, or an attribute waits for its declaration.
            if logical.depth > 0 || isAttributesOnly(logical.text) {
                pending = logical
                continue
            }
            pending = nil
            let text = logical.text
            result.append(Line(number: logical.number, text: text, scopes: scopes))
            if let declared = typeDeclaration(text) { pendingType = declared }
            // Braces open and close scopes, in order along the line.
            SwiftSyntax.forEachOutsideStrings(text) { _, character in
                switch character {
                case "{":
                    scopes.append(pendingType ?? .body)
                    pendingType = nil
                case "}":
                    if !scopes.isEmpty { scopes.removeLast() }
                default: break
                }
                return true
            }
        }
        if let pending { result.append(Line(number: pending.number, text: pending.text, scopes: scopes)) }
        return result
    }

    /// `line` without `//` and `/* */` comments (string literals kept).
    static func stripComments(_ line: String, inBlockComment: inout Bool) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var characters = Array(line)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            let next = characters.first
            if inBlockComment {
                if character == "*", next == "/" { inBlockComment = false; characters = characters.dropFirst() }
                continue
            }
            if inString {
                out.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "/", next == "/" { break }
            if character == "/", next == "*" { inBlockComment = true; characters = characters.dropFirst(); continue }
            if character == "\"" { inString = true }
            out.append(character)
        }
        return out
    }

    /// Open `(` and `[` minus closed ones, outside string literals.
    static func bracketBalance(_ text: String) -> Int {
        var balance = 0
        SwiftSyntax.forEachOutsideStrings(text) { _, character in
            switch character {
            case "(", "[": balance += 1
            case ")", "]": balance -= 1
            default: break
            }
            return true
        }
        return balance
    }

    /// Whether `text` is only attributes (`@Property("id")`, `@available(*, deprecated)`): the
    /// declaration they belong to follows on the next line.
    private static func isAttributesOnly(_ text: String) -> Bool {
        var rest = Substring(text)
        guard rest.hasPrefix("@") else { return false }
        while rest.hasPrefix("@") {
            guard let attribute = SwiftSyntax.call(rest.dropFirst()) else { return false }
            rest = attribute.remainder.drop(while: { $0 == " " })
        }
        return rest.isEmpty
    }

    /// The type `text` declares (`final class Order: WrapModel, @unchecked Sendable {`), if any.
    static func typeDeclaration(_ text: String) -> ScopeKind? {
        let modifiers: Set<String> = ["final", "public", "internal", "open", "private", "fileprivate", "package", "indirect"]
        var rest = Substring(text)
        // Attributes first (`@objc`, `@MainActor`, `@available(…)`).
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            rest = rest[rest.index(after: space)...].drop(while: { $0 == " " })
        }
        var words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        while let first = words.first, modifiers.contains(first), words.count == 2 {
            words = words[1].split(separator: " ", maxSplits: 1).map(String.init)
        }
        guard words.count == 2, ["class", "struct", "enum", "extension", "actor", "protocol"].contains(words[0]) else { return nil }
        let tail = words[1]
        let name = String(tail.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        // `class func`, `class var`: a modifier, not a declaration.
        guard !name.isEmpty, !["func", "var", "let", "subscript", "override"].contains(name) else { return nil }
        var inherited: [String] = []
        let afterName = tail.dropFirst(name.count).drop(while: { $0 == " " })
        if afterName.hasPrefix(":") {
            let list = String(afterName.dropFirst().prefix { $0 != "{" })
            let clause = list.components(separatedBy: " where ").first ?? list
            // The last word of each entry: `@unchecked Sendable` is `Sendable`.
            inherited = clause.split(separator: ",").compactMap { entry in
                entry.split(separator: " ").last.map(String.init)
            }
        }
        return .type(keyword: words[0], name: name, inherited: inherited)
    }
}
