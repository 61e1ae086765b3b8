import Foundation
import WrapModel

/// Reads model declarations back from Swift source for `wrapgen check`: every spelling the
/// library reads — `@Property("k") var x: T` for each type it converts (UUID, URL, Decimal,
/// Int64, UInt64, dates, raw and convertible enums, models, arrays and dictionaries of these),
/// the named wrappers and the classic property classes — with the conversion rules it implies.
/// A `@Property` without a key reads the key its model's class gives its name (the class's
/// `keyNaming` override, or its superclass's), resolved for each class that reads it.
///
/// Classes come from wrapgen-generated files (edited by hand or not); enums from every file read,
/// so a raw enum declared beside the models is known. A property declaration the reader cannot
/// classify — a codec of the user's own, a type it does not know — is not guessed at: it becomes
/// a note, its key counts as read, and its values are not checked.
struct DeclarationParser {
    private typealias TypeSpelling = SwiftSyntax.TypeSpelling

    /// A property declaration found in a class, classified once every type is known.
    private struct PendingProperty {
        var file: String
        var line: Int
        var className: String
        var text: String
    }

    /// A `keyNaming` override read so far, whose body may go on over the next lines.
    private struct PendingNaming {
        var className: String
        var text: String
        /// The number of scopes around the declaration: a line with fewer has left the class.
        var depth: Int
    }

    private var classes: [String: DeclaredModels.Class] = [:]
    private var classOrder: [String] = []
    private var enums: [String: DeclaredEnum] = [:]
    private var namingDeclarations: [String: DeclaredModels.NamingDeclaration] = [:]
    private var pending: [PendingProperty] = []

    /// Classes declared by the files read with `readsClasses`, in the order first declared.
    var classNames: [String] { classOrder }

    /// Reads the declarations of one file.
    /// - Parameter readsClasses: Whether its classes are models to check (wrapgen-generated
    ///   files); the enums of every file are read.
    mutating func read(_ source: String, file: String, readsClasses: Bool = true) {
        var pendingNaming: PendingNaming?
        for line in SwiftSourceScanner.lines(of: source) {
            let innermost = line.scopes.last
            // `override class var keyNaming: WrapKeyNaming { .snakeCase }`, in any file, on one
            // line or over several.
            if var naming = pendingNaming {
                if line.scopes.count >= naming.depth {
                    naming.text += " " + line.text
                    pendingNaming = finishNaming(naming)
                    continue
                }
                // The class ended with the body still open: nothing check can read.
                namingDeclarations[naming.className, default: DeclaredModels.NamingDeclaration()].keyNaming = .unreadable(naming.text)
                pendingNaming = nil
            }
            if case .type("class", let className, _)? = innermost, Self.declaresKeyNaming(line.text) {
                pendingNaming = finishNaming(PendingNaming(className: className, text: line.text, depth: line.scopes.count))
                continue
            }
            if case .type(let keyword, let name, let inherited)? = SwiftSourceScanner.typeDeclaration(line.text) {
                declareType(keyword: keyword, name: name, inherited: inherited, readsClasses: readsClasses)
                // A one-line enum: `enum Size: Int { case small, large }`.
                if keyword == "enum", let open = line.text.firstIndex(of: "{") {
                    let body = line.text[line.text.index(after: open)...].prefix { $0 != "}" }
                    let member = SwiftSourceScanner.Line(number: line.number, text: String(SwiftSyntax.trimmed(body)), scopes: [])
                    readEnumLine(member, in: name.split(separator: ".").last.map(String.init) ?? name, isMember: true)
                }
            }
            // Enum cases and conversion strings, anywhere inside an enum (or an extension of one).
            if let enumName = line.scopes.reversed().lazy.compactMap(Self.enumScopeName).first {
                readEnumLine(line, in: enumName, isMember: innermost.flatMap(Self.enumScopeName) == enumName)
            }
            guard readsClasses, case .type("class", let className, _)? = innermost,
                  line.text.hasPrefix("@") || Self.startsStoredProperty(line.text) else { continue }
            pending.append(PendingProperty(file: file, line: line.number, className: className, text: line.text))
        }
        if let naming = pendingNaming {
            namingDeclarations[naming.className, default: DeclaredModels.NamingDeclaration()].keyNaming = .unreadable(naming.text)
        }
    }

    /// The models read so far, their properties classified.
    func declaredModels() -> DeclaredModels {
        var models = DeclaredModels()
        models.classes = classes
        models.enums = enums
        models.namingDeclarations = namingDeclarations
        for declaration in pending {
            switch classify(declaration.text) {
            case .notAProperty:
                continue
            case let .property(property):
                models.classes[declaration.className, default: DeclaredModels.Class()].properties.append(property)
                if let name = property.keyFromName,
                   let note = keylessNote(declaration, name: name, spelled: Naming.spelled(name), reason: nil, models: models) {
                    models.notes.append(note)
                }
            case let .cannotCheck(_, name, reason, keyFromName?):
                // Its key comes from its name: every class that reads it resolves it.
                let anything = DeclaredModels.Property(keyPath: "", rule: .anything, isOptional: true, keyFromName: keyFromName)
                models.classes[declaration.className, default: DeclaredModels.Class()].properties.append(anything)
                if let note = keylessNote(declaration, name: keyFromName, spelled: name ?? keyFromName, reason: reason, models: models) {
                    models.notes.append(note)
                }
            case let .cannotCheck(keyPath, name, reason, nil):
                let property = name.map { "\(declaration.className).\($0)" } ?? declaration.className
                let values = keyPath.map { "values at \(Naming.stringLiteral($0)) are not checked" }
                    ?? "its key is not known, so its data may be reported as not read"
                models.notes.append("\(declaration.file):\(declaration.line): cannot check this declaration of \(property) (\(reason)); \(values)")
                if let keyPath {
                    let anything = DeclaredModels.Property(keyPath: keyPath, rule: .anything, isOptional: true)
                    models.classes[declaration.className, default: DeclaredModels.Class()].properties.append(anything)
                }
            }
        }
        return models
    }

    /// The note for a declaration without a key: its key is not known when a class that reads
    /// it (its own, or a subclass) has a key naming check cannot run; else, when `reason` says
    /// its conversion cannot be told, that its values are not checked at the key its class gives.
    /// - Parameter spelled: The name as the declaration writes it (keywords in backticks).
    private func keylessNote(_ declaration: PendingProperty, name: String, spelled: String, reason: String?,
                             models: DeclaredModels) -> String? {
        let property = "\(declaration.className).\(spelled)"
        let readers = [declaration.className] + classOrder.filter { reader in
            reader != declaration.className && inherits(reader, from: declaration.className)
        }
        for reader in readers {
            if case .failure(let problem) = models.keyNaming(of: reader) {
                return "\(declaration.file):\(declaration.line): cannot check this declaration of \(property) (\(problem.text)); "
                    + "its key is not known, so its values are not checked and no key of an object read as \(reader) "
                    + "is reported as not read"
            }
        }
        guard let reason, case .success(let naming) = models.keyNaming(of: declaration.className) else { return nil }
        return "\(declaration.file):\(declaration.line): cannot check this declaration of \(property) (\(reason)); "
            + "values at \(Naming.stringLiteral(naming.key(for: name))) are not checked"
    }

    /// Whether `className` is a subclass of `ancestor` among the classes read.
    private func inherits(_ className: String, from ancestor: String) -> Bool {
        var name = classes[className]?.superclass
        var seen: Set<String> = [className]
        while let current = name, seen.insert(current).inserted {
            if current == ancestor { return true }
            name = classes[current]?.superclass
        }
        return false
    }

    // MARK: Types and enums

    private static func enumScopeName(_ scope: SwiftSourceScanner.ScopeKind) -> String? {
        if case .type(let keyword, let name, _) = scope, keyword == "enum" || keyword == "extension" {
            return name.split(separator: ".").last.map(String.init)
        }
        return nil
    }

    private mutating func declareType(keyword: String, name: String, inherited: [String], readsClasses: Bool) {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        if keyword == "class" {
            let superclass = inherited.first.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            namingDeclarations[simple, default: DeclaredModels.NamingDeclaration()].superclass = superclass == "WrapModel" ? nil : superclass
        }
        switch keyword {
        case "class" where readsClasses:
            if classes[simple] == nil { classOrder.append(simple) }
            var declared = classes[simple] ?? DeclaredModels.Class()
            // The first inherited name is the superclass when it is a class of these files;
            // that is known only at the end, so it is kept and looked up then.
            declared.superclass = inherited.first.flatMap { $0 == "WrapModel" ? nil : $0 }
            classes[simple] = declared
        case "enum":
            let kind: DeclaredEnum.Kind?
            if inherited.contains("WrapConvertibleEnum") {
                kind = .convertible
            } else if inherited.first == "String" {
                kind = .string
            } else if inherited.first == "Int" {
                kind = .int
            } else {
                kind = nil
            }
            if let kind { enums[simple] = DeclaredEnum(kind: kind) }
        case "extension":
            if inherited.contains("WrapConvertibleEnum"), enums[simple] != nil { enums[simple]?.kind = .convertible }
        default:
            break
        }
    }

    private mutating func readEnumLine(_ line: SwiftSourceScanner.Line, in name: String, isMember: Bool) {
        guard enums[name] != nil else { return }
        if isMember, line.text.hasPrefix("case ") {
            for entry in SwiftSyntax.splitTopLevel(line.text.dropFirst(5), at: ",") {
                let parts = SwiftSyntax.splitTopLevel(entry, at: "=")
                let caseName = String(parts[0]).trimmingCharacters(in: CharacterSet(charactersIn: "` "))
                guard !caseName.contains("(") else { continue }
                enums[name]?.cases.append((caseName, parts.count > 1 ? String(parts[1]) : nil))
            }
        } else if line.text.contains(": .") {
            // `conversionDict()`'s entries: `"closed": .closed`.
            enums[name]?.dataStrings += Self.stringLiterals(line.text)
        }
    }

    /// The string literals on a line, unescaped.
    static func stringLiterals(_ line: String) -> [String] {
        var result: [String] = []
        var current: String?
        var escaping = false
        for character in line {
            guard var text = current else {
                if character == "\"" { current = "" }
                continue
            }
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                result.append(text)
                current = nil
                continue
            } else {
                text.append(character)
            }
            current = text
        }
        return result
    }

    // MARK: Key naming

    /// Whether `text` declares a class's key naming: `override class var keyNaming: WrapKeyNaming {`
    /// (`static` for `class`, other modifiers in any order).
    static func declaresKeyNaming(_ text: String) -> Bool {
        var words = text.split(separator: " ")[...]
        var isTypeMember = false
        while let first = words.first, modifiers.contains(String(first)) || first == "class" || first == "static" {
            if first == "class" || first == "static" { isTypeMember = true }
            words = words.dropFirst()
        }
        guard isTypeMember, words.first == "var", let name = words.dropFirst().first else { return false }
        return name == "keyNaming" || name.hasPrefix("keyNaming:")
    }

    /// Records `naming` once its body's braces close; returns it while they are still open.
    private mutating func finishNaming(_ naming: PendingNaming) -> PendingNaming? {
        guard let open = naming.text.firstIndex(of: "{") else { return naming }
        guard let close = SwiftSyntax.matchingClose(naming.text[open...], counting: .braces) else { return naming }
        let body = naming.text[naming.text.index(after: open)..<close]
        namingDeclarations[naming.className, default: DeclaredModels.NamingDeclaration()].keyNaming = Self.keyNaming(body)
        return nil
    }

    /// The naming a getter's body returns: `.snakeCase`, `return WrapKeyNaming.kebabCase`,
    /// `get { .asIs }`; `.custom(…)` and anything else check cannot evaluate are kept as such.
    static func keyNaming(_ body: Substring) -> DeclaredKeyNaming {
        var expression = SwiftSyntax.trimmed(body)
        if expression.hasPrefix("get"), let open = expression.firstIndex(of: "{"),
           SwiftSyntax.trimmed(expression[..<open]) == "get", let close = SwiftSyntax.matchingClose(expression[open...], counting: .braces),
           SwiftSyntax.trimmed(expression[expression.index(after: close)...]).isEmpty {
            return keyNaming(expression[expression.index(after: open)..<close])
        }
        if expression.hasPrefix("return ") { expression = SwiftSyntax.trimmed(expression.dropFirst("return ".count)) }
        var caseName = expression
        for prefix in ["WrapModel.WrapKeyNaming.", "WrapKeyNaming.", "."] where caseName.hasPrefix(prefix) {
            caseName = caseName.dropFirst(prefix.count)
            break
        }
        switch caseName {
        case "asIs": return .asIs
        case "snakeCase": return .snakeCase
        case "kebabCase": return .kebabCase
        default:
            if caseName.hasPrefix("custom"), caseName.dropFirst("custom".count).first.map({ "({ ".contains($0) }) ?? false {
                return .custom
            }
            return .unreadable(String(expression))
        }
    }

    // MARK: Properties

    /// What one declaration line is.
    enum Classification: Equatable {
        /// Not a property of the model (a constant, a computed property, a method's attribute).
        case notAProperty
        case property(DeclaredModels.Property)
        /// A property whose conversion the reader cannot tell; `keyPath` when known; `keyFromName`
        /// when the declaration gives no key (the name, as the runtime sees it).
        case cannotCheck(keyPath: String?, name: String?, reason: String, keyFromName: String? = nil)
    }

    private static let modifiers: Set<String> = [
        "public", "internal", "private", "fileprivate", "package", "open", "final", "nonisolated", "dynamic",
        "weak", "unowned", "override", "required",
    ]

    /// `let x = …` / `var x: T = …` after modifiers (`private(set)` included), not `static`.
    private static func startsStoredProperty(_ text: String) -> Bool {
        var words = text.split(separator: " ")[...]
        while let first = words.first, modifiers.contains(String(first.prefix { $0 != "(" })) { words = words.dropFirst() }
        guard let first = words.first, first == "let" || first == "var" else { return false }
        return text.contains("=") && !text.contains("{")
    }

    /// Classifies one declaration: `@Wrapper(…) var name: T` or `let name = PropertyClass(…)`.
    func classify(_ text: String) -> Classification {
        if text.hasPrefix("@") { return classifyWrapped(text) }
        // Classic: `let name = WPInt("key")`.
        var words = text.split(separator: " ")[...]
        while let first = words.first, Self.modifiers.contains(String(first.prefix { $0 != "(" })) { words = words.dropFirst() }
        let declaration = words.joined(separator: " ")
        guard let equals = declaration.firstIndex(of: "=") else { return .notAProperty }
        let head = declaration[..<equals]
        let name = head.split(separator: " ").dropFirst().first.map { String($0.prefix { $0 != ":" }) }
        guard let call = SwiftSyntax.call(declaration[declaration.index(after: equals)...]), call.arguments != nil,
              isPropertyCall(call) else { return .notAProperty }
        return classifyCall(call, name: name, declaredType: nil)
    }

    /// The property classes and wrappers the reader knows by name, besides those of `classicRules`
    /// and `modelClasses`.
    private static let otherPropertyNames: Set<String> = [
        "WP", "WrapProperty", "WPOpt", "WrapPropertyOptional", "WrapPropertyArray", "WrapPropertyOptionalArray", "WPGroup",
        "WrapPropertyGroup", "DateProperty", "WPDate", "WrapPropertyDate", "Date8601Property", "WPDate8601",
        "WrapPropertyDateISO8601", "DateFmtProperty", "WPDateFmt", "WrapPropertyDateFormatted", "Property",
        "ROProperty", "RWProperty", "GroupProperty",
    ]

    /// Whether a call (or attribute) creates a property: a name the reader knows, a name ending in
    /// `Property`, or one given a key as a string literal.
    private func isPropertyCall(_ call: SwiftSyntax.Call) -> Bool {
        var name = call.name
        if name.hasPrefix("Mut"), let next = name.dropFirst(3).first, next.isUppercase { name.removeFirst(3) }
        if Self.classicRules[name] != nil || Self.modelClasses[name] != nil || Self.otherPropertyNames.contains(name)
            || name.hasSuffix("Property") { return true }
        return call.arguments?.first.flatMap { $0.label == nil ? SwiftSyntax.stringLiteral($0.value) : nil } != nil
    }

    private func classifyWrapped(_ text: String) -> Classification {
        // The attributes, then `var name: Type`.
        var rest = Substring(text)
        var wrapper: SwiftSyntax.Call?
        while rest.hasPrefix("@") {
            guard let call = SwiftSyntax.call(rest.dropFirst()) else { return .notAProperty }
            if wrapper == nil, isPropertyCall(call) { wrapper = call }
            rest = call.remainder.drop(while: { $0 == " " })
        }
        var words = rest.split(separator: " ")[...]
        while let first = words.first, Self.modifiers.contains(String(first.prefix { $0 != "(" })) { words = words.dropFirst() }
        guard let wrapper, let keyword = words.first, keyword == "var" || keyword == "let" else { return .notAProperty }
        let declaration = words.dropFirst().joined(separator: " ")
        guard let colon = declaration.firstIndex(of: ":") else { return .notAProperty }
        let name = String(declaration[..<colon]).trimmingCharacters(in: .whitespaces)
        var typeText = declaration[declaration.index(after: colon)...]
        if let brace = typeText.firstIndex(of: "{") { typeText = typeText[..<brace] }
        if let equals = typeText.firstIndex(of: "=") { typeText = typeText[..<equals] }
        let declaredType = SwiftSyntax.type(String(typeText))

        var base = wrapper.name
        if base.hasPrefix("Mut"), let next = base.dropFirst(3).first, next.isUppercase { base.removeFirst(3) }
        switch base {
        case "ROProperty", "RWProperty", "GroupProperty":
            // The property object is built by the expression inside.
            guard let inner = wrapper.arguments?.first?.value, let call = SwiftSyntax.call(inner[...]) else {
                return .cannotCheck(keyPath: nil, name: name, reason: "wrapgen cannot read the property object it wraps")
            }
            return classifyCall(call, name: name, declaredType: declaredType)
        case "Property":
            return classifyGeneric(wrapper.arguments ?? [], name: name, declaredType: declaredType)
        default:
            var call = wrapper
            call.name = base
            return classifyCall(call, name: name, declaredType: declaredType)
        }
    }

    private static func keyPath(_ arguments: [SwiftSyntax.Argument]) -> String? {
        guard let first = arguments.first, first.label == nil else { return nil }
        return SwiftSyntax.stringLiteral(first.value)
    }

    private static func argument(_ label: String, in arguments: [SwiftSyntax.Argument]) -> String? {
        arguments.first { $0.label == label }?.value
    }

    /// The named wrappers' and 1.3.7 classes' conversions that need no type: name → (rule, optional).
    private static let classicRules: [String: (ValueRule, Bool)] = {
        var rules: [String: (ValueRule, Bool)] = [:]
        func add(_ names: [String], _ rule: ValueRule, _ optional: Bool) { for name in names { rules[name] = (rule, optional) } }
        add(["IntProperty", "WPInt", "WrapPropertyInt"], .int(reportsRange: true), false)
        add(["OptIntProperty", "WPOptInt", "WrapPropertyOptionalInt"], .int(reportsRange: true), true)
        add(["DoubleProperty", "WPDouble", "WrapPropertyDouble"], .double, false)
        add(["OptDoubleProperty", "WPOptDouble", "WrapPropertyOptionalDouble"], .double, true)
        add(["FloatProperty", "WPFloat", "WrapPropertyFloat"], .float, false)
        add(["BoolProperty", "WPBool", "WrapPropertyBool"], .bool, false)
        add(["StrProperty", "WPStr", "WrapPropertyString"], .string, false)
        add(["OptStrProperty", "WPOptStr"], .string, true)
        add(["DictProperty", "WPDict", "WrapPropertyDict"], .object, false)
        // `WrapPropertyOptional<[String: Any]>`: read with a cast, which names the type it expects.
        add(["OptDictProperty", "WPOptDict"], .castObject, true)
        add(["IntStrProperty", "WPIntStr", "WrapPropertyIntFromString"], .intString, false)
        add(["OptIntStrProperty", "WPOptIntStr", "WrapPropertyOptionalIntFromString"], .intString, true)
        for (short, element) in [("Int", ValueRule.int(reportsRange: false)), ("Float", .float), ("Double", .double),
                                 ("Str", .string), ("Dict", .object)] {
            add(["\(short)ArrayProperty", "WP\(short)Array", "WrapProperty\(short)Array"], .array(element), false)
            add(["Opt\(short)ArrayProperty", "WPOpt\(short)Array", "WrapPropertyOptional\(short)Array"], .array(element), true)
        }
        add(["TransformedProperty", "WPTransformed", "WrapPropertyTransformed"], .anything, false)
        add(["OptTransformedProperty", "WPOptTransformed"], .anything, true)
        // The generated helper for nested arrays of decimals converts with a closure of its own.
        add(["numberArrays"], .anything, true)
        return rules
    }()

    /// Model and enum wrappers and classes: name → (the rule for the type they name, optional).
    private static let modelClasses: [String: (kind: String, optional: Bool)] = {
        var kinds: [String: (String, Bool)] = [:]
        func add(_ names: [String], _ kind: String, _ optional: Bool) { for name in names { kinds[name] = (kind, optional) } }
        add(["ModelProperty", "WPModel", "WrapPropertyModel"], "model", true)
        add(["ModelArrayProperty", "WPModelArray", "WrapPropertyArrayOfModel", "EmbModelArrayProperty", "WPEmbModelArray",
             "WrapPropertyArrayOfEmbeddedModel"], "modelArray", false)
        add(["OptModelArrayProperty", "WPOptModelArray", "WrapPropertyOptionalArrayOfModel", "OptEmbModelArrayProperty",
             "WPOptEmbModelArray", "WrapPropertyOptionalArrayOfEmbeddedModel"], "modelArray", true)
        add(["ModelDictProperty", "WPModelDict", "WrapPropertyDictionaryOfModel"], "modelDictionary", false)
        add(["OptModelDictProperty", "WPOptModelDict", "WrapPropertyOptionalDictionaryOfModel"], "modelDictionary", true)
        add(["DictModelArrayProperty", "WPDictModelArray", "WrapPropertyDictionaryOfArrayOfModel"], "modelArrayDictionary", false)
        add(["OptDictModelArrayProperty", "WPOptDictModelArray", "WrapPropertyOptionalDictionaryOfArrayOfModel"], "modelArrayDictionary", true)
        add(["EnumProperty", "WPEnum", "WrapPropertyConvertibleEnum", "EnumUnkProperty", "WrapPropertyUnknownEnum"], "enum", false)
        add(["OptEnumProperty", "WPOptEnum", "WrapPropertyConvertibleOptionalEnum"], "enum", true)
        return kinds
    }()

    /// A named wrapper (without `Mut`) or a property class, e.g. `DateProperty("d", dateType: .iso8601)`
    /// or `WPModel<Address>("address")`.
    private func classifyCall(_ call: SwiftSyntax.Call, name: String?, declaredType: TypeSpelling?) -> Classification {
        let arguments = call.arguments ?? []
        let keyPath = Self.keyPath(arguments)
        func property(_ rule: ValueRule, _ optional: Bool) -> Classification {
            guard let keyPath else {
                return .cannotCheck(keyPath: nil, name: name, reason: "its key path is not a string literal")
            }
            return .property(DeclaredModels.Property(keyPath: keyPath, rule: rule, isOptional: optional))
        }
        func cannot(_ reason: String) -> Classification { .cannotCheck(keyPath: keyPath, name: name, reason: reason) }

        if let (rule, optional) = Self.classicRules[call.name] { return property(rule, optional) }
        switch call.name {
        case "DateProperty", "WPDate", "WrapPropertyDate":
            guard let type = Self.argument("dateType", in: arguments).flatMap(Self.dateOutputType) else {
                return cannot("wrapgen cannot read its date type")
            }
            return property(.date(.fixed(type)), true)
        case "Date8601Property", "WPDate8601", "WrapPropertyDateISO8601":
            guard let rule = Self.argument("options", in: arguments).flatMap(Self.iso8601Rule) else {
                return cannot("wrapgen cannot read its ISO 8601 options")
            }
            return property(.date(rule), true)
        case "DateFmtProperty", "WPDateFmt", "WrapPropertyDateFormatted":
            guard let pattern = Self.argument("dateFormatString", in: arguments).flatMap(SwiftSyntax.stringLiteral) else {
                return cannot("its date format is not a string literal")
            }
            return property(.date(.pattern(pattern)), true)
        case "WPGroup", "WrapPropertyGroup":
            guard let group = call.generic.flatMap(SwiftSyntax.type)?.simpleName ?? declaredType?.unwrapped.type.simpleName,
                  classes[group] != nil else {
                return cannot("its group's class is not a generated class")
            }
            return .property(DeclaredModels.Property(keyPath: "", rule: .group(group), isOptional: false))
        case "WPOpt", "WrapPropertyOptional", "WrapPropertyArray", "WrapPropertyOptionalArray":
            guard let generic = call.generic, let type = SwiftSyntax.type(generic) else {
                return cannot("wrapgen cannot read its value type")
            }
            guard let rule = naturalRule(type) else {
                return cannot("\(call.name)<\(generic)> reads \(generic) with a plain cast")
            }
            let isArray = call.name.hasSuffix("Array")
            return property(isArray ? .array(rule) : rule, call.name != "WrapPropertyArray")
        case "WP", "WrapProperty":
            guard let generic = call.generic, let type = SwiftSyntax.type(generic) else {
                return cannot("wrapgen cannot read its value type")
            }
            guard let codec = Self.argument("codec", in: arguments) else {
                if type.unwrapped.type.simpleName == "Any" { return property(.anything, true) }
                return cannot("\(call.name)<\(generic)> without a codec reads \(generic) with a plain cast")
            }
            switch codecRule(codec, valueType: type.unwrapped.type) {
            case .success(let rule): return property(rule, type.unwrapped.isOptional)
            case .failure(let reason): return cannot(reason.text)
            }
        default:
            break
        }
        if let (kind, optional) = Self.modelClasses[call.name] {
            // The class from the generic argument (`WPModel<Address>`) or the declared type.
            let named = call.generic.flatMap(SwiftSyntax.type) ?? declaredType.map(Self.innermostNamed)
            guard let typeName = named?.simpleName else { return cannot("wrapgen cannot read the type it reads") }
            switch kind {
            case "enum":
                guard enums[typeName]?.kind == .convertible else {
                    return cannot("\(typeName) is not a WrapConvertibleEnum declared in these files")
                }
                return property(.convertibleEnum(typeName), optional)
            default:
                guard classes[typeName] != nil else { return cannot("\(typeName) is not a generated class") }
                switch kind {
                case "model": return property(.model(typeName), optional)
                case "modelArray":
                    let embed = Self.argument("embedPath", in: arguments).flatMap(SwiftSyntax.stringLiteral)
                    return property(.modelArray(typeName, embedPath: embed), optional)
                case "modelDictionary": return property(.modelDictionary(typeName), optional)
                default: return property(.modelArrayDictionary(typeName), optional)
                }
            }
        }
        return cannot("wrapgen does not know the property type \(call.name)")
    }

    /// The model class a model wrapper's declared type names: `Address?`, `[Item]`, `[String: Seat]`.
    private static func innermostNamed(_ type: TypeSpelling) -> TypeSpelling {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return innermostNamed(wrapped)
        case .dictionary(_, let value): return innermostNamed(value)
        case .named: return type
        }
    }

    /// `@Property(…)` / `@MutProperty(…)`: the arguments and the declared type give the codec.
    private func classifyGeneric(_ arguments: [SwiftSyntax.Argument], name: String, declaredType: TypeSpelling?) -> Classification {
        let keyPath = Self.keyPath(arguments)
        // Without a key (or with `nil`), the key is the name as the runtime reflects it: no backticks.
        var keyFromName: String?
        if keyPath == nil {
            if let wrapped = arguments.first, wrapped.label == "wrapping", let call = SwiftSyntax.call(wrapped.value[...]) {
                return classifyCall(call, name: name, declaredType: declaredType)
            }
            if let first = arguments.first, first.label == nil, first.value != "nil" {
                return .cannotCheck(keyPath: nil, name: name, reason: "its key path is not a string literal")
            }
            keyFromName = name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        func cannot(_ reason: String) -> Classification {
            .cannotCheck(keyPath: keyPath, name: name, reason: reason, keyFromName: keyFromName)
        }
        guard let declaredType else { return cannot("wrapgen cannot read its type") }
        let (type, isOptional) = declaredType.unwrapped
        func property(_ rule: ValueRule) -> Classification {
            .property(DeclaredModels.Property(keyPath: keyPath ?? "", rule: rule, isOptional: isOptional, keyFromName: keyFromName))
        }
        // The transformer decides what data it accepts: any value passes the check.
        if Self.argument("transformer", in: arguments) != nil { return property(.anything) }
        if Self.argument("store", in: arguments) != nil { return cannot("it reads a model by identity from a store") }
        if let codec = Self.argument("codec", in: arguments) {
            switch codecRule(codec, valueType: type) {
            case .success(let rule): return property(rule)
            case .failure(let reason): return cannot(reason.text)
            }
        }
        if let asString = Self.argument("asString", in: arguments) {
            return property(asString == "true" ? .intString : .int(reportsRange: true))
        }
        if let value = Self.argument("date", in: arguments) {
            guard let dateType = Self.dateOutputType(value) else { return cannot("wrapgen cannot read its date type") }
            return property(.date(.fixed(dateType)))
        }
        if let value = Self.argument("iso8601Options", in: arguments) {
            guard let rule = Self.iso8601Rule(value) else { return cannot("wrapgen cannot read its ISO 8601 options") }
            return property(.date(rule))
        }
        if let value = Self.argument("dateFormat", in: arguments) {
            guard let pattern = SwiftSyntax.stringLiteral(value) else { return cannot("its date format is not a string literal") }
            return property(.date(.pattern(pattern)))
        }
        if Self.argument("boolType", in: arguments) != nil { return property(.bool) }
        if let embed = Self.argument("embedPath", in: arguments) {
            guard case .array(let element) = type, let model = element.simpleName, classes[model] != nil else {
                return cannot("an embed path needs an array of generated models")
            }
            return property(.modelArray(model, embedPath: SwiftSyntax.stringLiteral(embed)))
        }
        switch typeRule(type) {
        case .success(let rule): return property(rule)
        case .failure(let reason): return cannot(reason.text)
        }
    }

    /// Why a declaration cannot be classified, in words for the note.
    private struct Reason: Error {
        var text: String
    }

    /// The rule for a value of `type` read through its own codec (`WrapCodable`), a model's or an enum's.
    private func typeRule(_ type: TypeSpelling) -> Result<ValueRule, Reason> {
        switch type {
        case .optional(let wrapped):
            return typeRule(wrapped)
        case .array(let element):
            if let model = element.simpleName, classes[model] != nil { return .success(.modelArray(model, embedPath: nil)) }
            return typeRule(element).map(ValueRule.array)
        case .dictionary(let key, let value):
            guard key.simpleName == "String" else { return .failure(Reason(text: "its dictionary's keys are not strings")) }
            if value.simpleName == "Any" { return .success(.object) }
            if let model = value.simpleName, classes[model] != nil { return .success(.modelDictionary(model)) }
            if case .array(let element) = value, let model = element.simpleName, classes[model] != nil {
                return .success(.modelArrayDictionary(model))
            }
            return typeRule(value).map(ValueRule.dictionary)
        case .named(_, let arguments):
            guard let name = type.simpleName, arguments.isEmpty else {
                return .failure(Reason(text: "wrapgen does not know the type \(type.simpleName ?? "")"))
            }
            if let rule = Self.valueTypes[name] { return .success(rule) }
            if classes[name] != nil { return .success(.model(name)) }
            if let declared = enums[name] {
                switch declared.kind {
                case .convertible: return .success(.convertibleEnum(name))
                case .string: return .success(.stringEnum(name))
                case .int: return .success(.intEnum(name))
                }
            }
            if name == "Date" { return .failure(Reason(text: "a Date needs a date format or a codec")) }
            return .failure(Reason(text: "its type \(name) is not a value type WrapModel converts, nor a generated model or an enum declared in these files"))
        }
    }

    /// The value types with a codec of their own (`WrapCodable`).
    private static let valueTypes: [String: ValueRule] = [
        "Int": .int(reportsRange: true), "Double": .double, "Float": .float, "Bool": .bool, "String": .string,
        "Int64": .int64, "UInt64": .uint64, "Decimal": .decimal, "UUID": .uuid, "URL": .url,
    ]

    /// The rule for a codec expression: the library's own codecs, composed; anything else is the user's.
    private func codecRule(_ expression: String, valueType: TypeSpelling) -> Result<ValueRule, Reason> {
        let own = Reason(text: "it uses a codec of your own, \(expression)")
        if expression.hasSuffix(".wrapCodec") {
            guard let type = SwiftSyntax.type(String(expression.dropLast(".wrapCodec".count))) else { return .failure(own) }
            return typeRule(type)
        }
        guard let call = SwiftSyntax.call(expression[...]), call.remainder.allSatisfy({ $0 == " " }) else { return .failure(own) }
        let arguments = call.arguments ?? []
        func inner(_ elementType: TypeSpelling?) -> Result<ValueRule, Reason> {
            guard arguments.count == 1, arguments[0].label == nil else { return .failure(own) }
            return codecRule(arguments[0].value, valueType: elementType ?? valueType)
        }
        switch call.name {
        case "WrapOptionalCodec": return inner(valueType.unwrapped.type)
        case "WrapArrayCodec":
            if case .array(let element) = valueType { return inner(element).map(ValueRule.array) }
            return inner(nil).map(ValueRule.array)
        case "WrapDictionaryCodec":
            if case .dictionary(_, let element) = valueType { return inner(element).map(ValueRule.dictionary) }
            return inner(nil).map(ValueRule.dictionary)
        case "WrapDateCodec":
            if let first = arguments.first, first.label == nil, let type = Self.dateOutputType(first.value) {
                return .success(.date(.fixed(type)))
            }
            if let value = Self.argument("iso8601Options", in: arguments), let rule = Self.iso8601Rule(value) {
                return .success(.date(rule))
            }
            if let value = Self.argument("dateFormat", in: arguments), let pattern = SwiftSyntax.stringLiteral(value) {
                return .success(.date(.pattern(pattern)))
            }
            return .failure(Reason(text: "wrapgen cannot read its date codec's format"))
        case "WrapRawValueCodec":
            let name = call.generic.flatMap(SwiftSyntax.type)?.simpleName ?? valueType.simpleName
            switch name.flatMap({ enums[$0]?.kind }) {
            case .string?: return .success(.stringEnum(name ?? ""))
            case .int?: return .success(.intEnum(name ?? ""))
            default: return .failure(Reason(text: "\(name ?? "its type") is not a raw enum declared in these files"))
            }
        default:
            return .failure(own)
        }
    }

    /// How the 1.3.7 generic classes (`WPOpt<T>`, `WrapPropertyArray<T>`) read `T`: `Int`, `Double`,
    /// `Float`, `Bool` and `String` as their named properties do, `Any` as it is, `[String: Any]`,
    /// `[Any]` and nested arrays of numbers by a cast; nil for other types, whose cast check does
    /// not model.
    private func naturalRule(_ type: TypeSpelling) -> ValueRule? {
        switch type {
        case .named(let name, let arguments) where arguments.isEmpty:
            switch name.split(separator: ".").last {
            case "Int": return .int(reportsRange: false)
            case "Double": return .double
            case "Float": return .float
            case "Bool": return .bool
            case "String": return .string
            case "Any": return .anything
            default: return nil
            }
        case .dictionary(let key, let value) where key.simpleName == "String" && value.simpleName == "Any":
            return .castObject
        case .array(let element):
            // `[Any]` and nested arrays of numbers: the generated code reads them as the data holds them.
            if element.simpleName == "Any" { return .anything }
            var inner = element
            while case .array(let next) = inner { inner = next }
            if element != inner, ["Int", "Double"].contains(inner.simpleName ?? "") { return .anything }
            return nil
        default:
            return nil
        }
    }

    /// `.iso8601` → the date type.
    static func dateOutputType(_ value: String) -> WrapDateOutputType? {
        let name = value.trimmingCharacters(in: .whitespaces)
        let caseName = name.hasPrefix(".") ? String(name.dropFirst()) : String(name.split(separator: ".").last ?? "")
        return WrapDateOutputType.allCases.first { "\($0)" == caseName }
    }

    /// `nil`, `.withInternetDateTime` or `[.withFullDate, .withTime]` → the ISO 8601 date rule.
    static func iso8601Rule(_ text: String) -> DateRule? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "nil" { return .iso8601(nil) }
        let names = text.hasPrefix("[") && text.hasSuffix("]")
            ? SwiftSyntax.splitTopLevel(text.dropFirst().dropLast(), at: ",").map(String.init) : [text]
        let known: [String: ISO8601DateFormatter.Options] = [
            "withYear": .withYear, "withMonth": .withMonth, "withWeekOfYear": .withWeekOfYear, "withDay": .withDay,
            "withTime": .withTime, "withTimeZone": .withTimeZone, "withSpaceBetweenDateAndTime": .withSpaceBetweenDateAndTime,
            "withDashSeparatorInDate": .withDashSeparatorInDate, "withColonSeparatorInTime": .withColonSeparatorInTime,
            "withColonSeparatorInTimeZone": .withColonSeparatorInTimeZone, "withFractionalSeconds": .withFractionalSeconds,
            "withFullDate": .withFullDate, "withFullTime": .withFullTime, "withInternetDateTime": .withInternetDateTime,
        ]
        var options: ISO8601DateFormatter.Options = []
        for name in names {
            guard name.hasPrefix("."), let option = known[String(name.dropFirst())] else { return nil }
            options.insert(option)
        }
        return .iso8601(options)
    }
}
