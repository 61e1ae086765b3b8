import WrapModel

/// Turns parsed entities into enums and classes, honouring Groot's and State's user-info keys.
///
/// Groot: `JSONKeyPath` (attribute, relationship) sets the key path; `JSONTransformerName`
/// (attribute) makes the property a `TransformedProperty` converted by that named transformer;
/// `identityAttribute` (entity) is noted in the class's doc comment. State: `State.Enum` = YES
/// (entity) makes the entity an `Int`-backed `WrapConvertibleEnum` whose attributes are its cases;
/// `State.Value` gives a case's data string, or a property's default (non-optional scalars and
/// enums, `Type.case` accepted); `State.Type` overrides an attribute's type (see
/// ``ModelTypeReader``); `State.Immutable` = YES keeps a property read-only under `--mutable` (on
/// an entity: all its properties). Anything else is a warning.
struct DataModelBuilder {
    private(set) var warnings: [String] = []
    private let entities: [DataModelEntity]
    private var byName: [String: DataModelEntity] = [:]
    /// Entity name → generated type name.
    private var typeNames: [String: String] = [:]
    /// Enum type name → its cases (Swift name, data string).
    private var enumCases: [String: [EnumDecl.Case]] = [:]
    private var enumEntities: Set<String> = []
    /// The transformers the generated properties name (Groot `JSONTransformerName`).
    private(set) var transformerNames: Set<String> = []

    /// Attribute types whose data is one scalar value.
    private static let scalarStorage: Set<String> = [
        "Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Decimal", "String", "Boolean", "Date", "UUID", "URI",
    ]

    private var types: ModelTypeReader { ModelTypeReader(typeNames: typeNames, enumEntities: enumEntities) }

    static let entityKeys: Set<String> = ["identityAttribute", "identityAttributes", "entityMapperName",
                                          "JSONDictionaryTransformerName", "State.Enum", "State.Type", "State.Immutable"]
    static let attributeKeys: Set<String> = ["JSONKeyPath", "JSONTransformerName", "State.Type", "State.Value", "State.Immutable"]
    static let relationshipKeys: Set<String> = ["JSONKeyPath", "State.Value", "State.Immutable"]

    init(entities: [DataModelEntity]) {
        // Entities in name order, so the output does not depend on how Xcode happened to order them.
        self.entities = entities.sorted { $0.name < $1.name }
        for entity in self.entities where byName[entity.name] == nil { byName[entity.name] = entity }
    }

    private mutating func warn(_ subject: String, _ message: String) {
        warnings.append("warning: \(subject): \(message)")
    }

    private static func value(_ key: String, in info: [UserInfoEntry]) -> String? {
        info.last { $0.key == key }?.value.trimmingCharacters(in: .whitespaces)
    }

    private static func isYes(_ text: String?) -> Bool {
        guard let text else { return false }
        return ["yes", "true", "1"].contains(text.lowercased())
    }

    private mutating func checkKeys(_ info: [UserInfoEntry], allowed: Set<String>, subject: String) {
        var seen: Set<String> = []
        for entry in info where seen.insert(entry.key).inserted {
            if !allowed.contains(entry.key) {
                warn(subject, "unknown user-info key '\(entry.key)' ignored")
            }
        }
    }

    mutating func build() -> ([EnumDecl], [ClassDecl]) {
        var typeNamer = TypeNamer()
        var seenNames: Set<String> = []
        for entity in entities {
            guard seenNames.insert(entity.name).inserted else {
                warn(entity.name, "a second entity with this name was ignored")
                continue
            }
            // Xcode writes `.Name` for a class in the current module and `Module.Name` otherwise.
            let className = entity.className.flatMap { $0.split(separator: ".").last.map(String.init) }
            var candidate = className ?? entity.name
            if !Naming.isValidTypeName(candidate) { candidate = Naming.pascalCase(candidate) ?? "Entity" }
            if Naming.isReservedType(candidate) { candidate += "Entity" }
            let name = typeNamer.claim(candidate, prefix: "")
            if name != (className ?? entity.name) {
                warn(entity.name, "generated as \(name)")
            }
            typeNames[entity.name] = name
            if Self.isYes(Self.value("State.Enum", in: entity.userInfo)) {
                if entity.attributes.isEmpty {
                    warn(entity.name, "State.Enum entity has no attributes to become cases; generated as a class")
                } else {
                    enumEntities.insert(entity.name)
                }
            }
        }
        var enums: [EnumDecl] = []
        var classes: [ClassDecl] = []
        var done: Set<String> = []
        for entity in entities where done.insert(entity.name).inserted {
            if enumEntities.contains(entity.name) {
                enums.append(buildEnum(entity))
            }
        }
        done = []
        for entity in entities where done.insert(entity.name).inserted && !enumEntities.contains(entity.name) {
            classes.append(buildClass(entity))
        }
        return (enums, classes)
    }

    // MARK: Enums

    private mutating func buildEnum(_ entity: DataModelEntity) -> EnumDecl {
        let name = typeNames[entity.name] ?? entity.name
        checkKeys(entity.userInfo, allowed: Self.entityKeys, subject: entity.name)
        if let type = Self.value("State.Type", in: entity.userInfo), type != "String" {
            warn(entity.name, "State.Type '\(type)' ignored: WrapModel enums are Int-backed and read data strings")
        }
        if Self.value("identityAttribute", in: entity.userInfo) != nil {
            warn(entity.name, "identityAttribute ignored on a State.Enum entity")
        }
        for relationship in entity.relationships {
            warn("\(entity.name).\(relationship.name)", "relationships of a State.Enum entity are ignored")
        }
        var namer = MemberNamer()
        var cases: [EnumDecl.Case] = []
        for attribute in entity.attributes {
            let subject = "\(entity.name).\(attribute.name)"
            checkKeys(attribute.userInfo, allowed: ["State.Value"], subject: subject)
            let caseName = namer.claim(Naming.camelCase(attribute.name))
            let dataValue = Self.value("State.Value", in: attribute.userInfo) ?? attribute.name
            cases.append(EnumDecl.Case(name: caseName, dataValue: dataValue))
        }
        enumCases[name] = cases
        return EnumDecl(name: name, doc: ["Entity `\(entity.name)` (State.Enum): each case stands for the data string shown."],
                        cases: cases)
    }

    // MARK: Classes

    private mutating func buildClass(_ entity: DataModelEntity) -> ClassDecl {
        let name = typeNames[entity.name] ?? entity.name
        checkKeys(entity.userInfo, allowed: Self.entityKeys, subject: entity.name)
        if Self.value("State.Type", in: entity.userInfo) != nil {
            warn(entity.name, "State.Type on an entity applies only to State.Enum entities; ignored")
        }
        var decl = ClassDecl(name: name)
        if let parent = entity.parentEntity {
            if let parentName = typeNames[parent], !enumEntities.contains(parent) {
                decl.superclass = parentName
            } else {
                warn(entity.name, "parent entity \(parent) not found; generated as a WrapModel subclass")
            }
        }
        decl.isFinal = !entities.contains { $0.parentEntity == entity.name && !enumEntities.contains($0.name) }
        decl.doc.append("Entity `\(entity.name)`\(entity.isAbstract ? " (abstract)" : "").")
        let entityImmutable = Self.isYes(Self.value("State.Immutable", in: entity.userInfo))
        if entityImmutable { decl.doc.append("Read-only (State.Immutable): no `Mut…` wrappers even with `--mutable`.") }

        // Properties by name: attributes and relationships together.
        enum Member { case attribute(DataModelAttribute), relationship(DataModelRelationship) }
        var members: [(String, Member)] = entity.attributes.map { ($0.name, .attribute($0)) }
        members += entity.relationships.map { ($0.name, .relationship($0)) }
        members.sort { $0.0 < $1.0 }
        var namer = MemberNamer()
        var propertyNames: [String: String] = [:]
        for (memberName, member) in members {
            let swiftName = namer.claim(Naming.camelCase(memberName))
            propertyNames[memberName] = swiftName
            var property: PropertyDecl
            switch member {
            case .attribute(let attribute): property = buildAttribute(attribute, entity: entity, swiftName: swiftName)
            case .relationship(let relationship): property = buildRelationship(relationship, entity: entity, swiftName: swiftName)
            }
            if entityImmutable { property.forceReadOnly = true }
            decl.properties.append(property)
        }

        addFamilyDeclarations(entity, to: &decl, propertyNames: propertyNames)
        if let identity = Self.identityText(entity) {
            let names = identity.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var parts: [String] = []
            for attribute in names {
                if let property = propertyNames[attribute], let decl = decl.properties.first(where: { $0.name == property }) {
                    parts.append("`\(property)` (key path \"\(decl.keyPath)\")")
                } else if inheritedAttribute(attribute, of: entity) {
                    parts.append("`\(Naming.camelCase(attribute))` (inherited)")
                } else {
                    warn(entity.name, "identityAttribute names '\(attribute)', which is not an attribute")
                    parts.append("`\(attribute)`")
                }
            }
            decl.doc.append("")
            decl.doc.append("Identity (Groot identityAttribute): \(parts.joined(separator: ", ")). Objects with equal")
            decl.doc.append("identity values stand for the same record when imported and merged.")
        }
        return decl
    }

    /// Groot's identity: `identityAttributes` (Groot 3) or `identityAttribute`.
    private static func identityText(_ entity: DataModelEntity) -> String? {
        value("identityAttributes", in: entity.userInfo) ?? value("identityAttribute", in: entity.userInfo)
    }

    private static func identityNames(_ entity: DataModelEntity) -> [String] {
        (identityText(entity) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The entity and its ancestors, nearest first (at most 64 levels, so a cycle ends).
    private func lineage(of entity: DataModelEntity) -> [DataModelEntity] {
        var chain = [entity]
        var current = entity.parentEntity
        while let name = current, let parent = byName[name], chain.count < 64, !chain.contains(where: { $0.name == name }) {
            chain.append(parent)
            current = parent.parentEntity
        }
        return chain
    }

    /// Every entity below `entity` (sub-entities, their sub-entities, …), by name.
    private func descendants(of entity: DataModelEntity) -> [DataModelEntity] {
        entities.filter { other in
            other.name != entity.name && !enumEntities.contains(other.name)
                && lineage(of: other).dropFirst().contains { $0.name == entity.name }
        }
    }

    /// The static declarations of Groot's entity keys: a composite identity's key paths, the
    /// dictionary transformer, and for an entity with an `entityMapperName` (or an abstract one
    /// with sub-entities) the polymorphic family. Each is written on the highest entity that
    /// declares it: subclasses inherit static members and conformances.
    private mutating func addFamilyDeclarations(_ entity: DataModelEntity, to decl: inout ClassDecl, propertyNames: [String: String]) {
        let ancestors = lineage(of: entity).dropFirst()
        let names = Self.identityNames(entity)
        if names.count > 1 {
            if ancestors.contains(where: { Self.identityNames($0).count > 1 }) {
                warn(entity.name, "identityAttributes of a sub-entity ignored: the parent entity declares identityKeyPaths")
            } else {
                let keyPaths = names.map { name in
                    decl.properties.first { $0.name == propertyNames[name] }?.keyPath ?? name
                }
                decl.staticMembers.append("/// The key paths that identify an object together (Groot identityAttributes):")
                decl.staticMembers.append("/// `WrapModelStore<\(decl.name)>(identityKeyPaths: \(decl.name).identityKeyPaths)`.")
                decl.staticMembers.append("static let identityKeyPaths = [\(keyPaths.map(Naming.stringLiteral).joined(separator: ", "))]")
            }
        }
        if let transformer = Self.value("JSONDictionaryTransformerName", in: entity.userInfo), !transformer.isEmpty {
            if ancestors.contains(where: { Self.value("JSONDictionaryTransformerName", in: $0.userInfo) != nil }) {
                warn(entity.name, "JSONDictionaryTransformerName of a sub-entity ignored: the parent entity's applies")
            } else {
                transformerNames.insert(transformer)
                decl.conformances.append("WrapObjectTransforming")
                if !decl.staticMembers.isEmpty { decl.staticMembers.append("") }
                decl.staticMembers.append("/// Applied to each object before import (Groot JSONDictionaryTransformerName).")
                decl.staticMembers.append("static var objectTransformerName: String { \(Naming.stringLiteral(transformer)) }")
            }
        }
        let family = descendants(of: entity)
        guard let mapper = Self.value("entityMapperName", in: entity.userInfo).flatMap({ $0.isEmpty ? nil : $0 }) else {
            if entity.isAbstract, !family.isEmpty, !ancestors.contains(where: { Self.value("entityMapperName", in: $0.userInfo) != nil }) {
                warn(entity.name, "abstract entity without entityMapperName: objects are read as \(decl.name); add an entity mapper to choose sub-entities")
            }
            return
        }
        if ancestors.contains(where: { Self.value("entityMapperName", in: $0.userInfo) != nil }) {
            warn(entity.name, "entityMapperName of a sub-entity ignored: the parent entity's family includes it")
            return
        }
        transformerNames.insert(mapper)
        let members = ([entity] + family).sorted { $0.name < $1.name }
        let table = members.map { "\(Naming.stringLiteral($0.name)): \(typeNames[$0.name] ?? $0.name).self" }.joined(separator: ", ")
        decl.conformances.append("WrapPolymorphic")
        if !decl.staticMembers.isEmpty { decl.staticMembers.append("") }
        decl.staticMembers.append("/// The entity mapper \(Naming.stringLiteral(mapper)) names the entity of each object (Groot entityMapperName).")
        decl.staticMembers.append("static var subclassSelector: WrapSubclassSelector {")
        decl.staticMembers.append("    .entityMapper(named: \(Naming.stringLiteral(mapper)), classes: [\(table)])")
        decl.staticMembers.append("}")
    }

    private func inheritedAttribute(_ name: String, of entity: DataModelEntity) -> Bool {
        var current = entity.parentEntity
        var hops = 0
        while let parentName = current, let parent = byName[parentName], hops < 64 {
            if parent.attributes.contains(where: { $0.name == name }) { return true }
            current = parent.parentEntity
            hops += 1
        }
        return false
    }

    private mutating func buildAttribute(_ attribute: DataModelAttribute, entity: DataModelEntity, swiftName: String) -> PropertyDecl {
        let subject = "\(entity.name).\(attribute.name)"
        let info = attribute.userInfo
        checkKeys(info, allowed: Self.attributeKeys, subject: subject)
        var doc: [String] = []
        var kind: PropertyKind
        var optional = attribute.isOptional
        if let typeText = Self.value("State.Type", in: info) {
            if let reading = types.read(typeText) {
                kind = reading.kind
                optional = optional || reading.isOptional
                doc.append("Type from State.Type `\(typeText)`\(reading.note.map { ": \($0)" } ?? "").")
            } else if Self.scalarStorage.contains(attribute.attributeType) {
                // A custom type over a scalar column (an enum's raw value, say): the data holds the scalar.
                warn(subject, "State.Type '\(typeText)' is not a type wrapgen can read; read as its attribute type \(attribute.attributeType)")
                (kind, doc) = kindForAttributeType(attribute.attributeType, subject: subject, doc: doc)
                doc.append("State.Type `\(typeText)`: read as the stored \(attribute.attributeType) value.")
            } else {
                warn(subject, "State.Type '\(typeText)' is not a type wrapgen can read; read as a JSON object [String: Any]")
                kind = .dict
                doc.append("State.Type `\(typeText)`: read as the JSON object `[String: Any]` it is stored as.")
            }
        } else if attribute.attributeType == "Transformable", let custom = attribute.customClassName, !custom.isEmpty {
            if let reading = types.read(custom) {
                kind = reading.kind
                optional = optional || reading.isOptional
                doc.append("Transformable `\(custom)`\(reading.note.map { ": \($0)" } ?? "").")
            } else {
                kind = .dict
                doc.append("Transformable `\(custom)`: read as the JSON object `[String: Any]` it is stored as.")
            }
        } else {
            (kind, doc) = kindForAttributeType(attribute.attributeType, subject: subject, doc: doc)
        }
        if case .enumeration(let name, _) = kind {
            kind = .enumeration(name, defaultCase: enumCases[name]?.first?.name)
        }
        var property = PropertyDecl(name: swiftName, keyPath: Self.value("JSONKeyPath", in: info) ?? attribute.name,
                                    kind: kind, isOptional: optional)
        if kind == .any || kind == .anyArray { property.isOptional = true }
        let stateValue = Self.value("State.Value", in: info)
        if let text = stateValue ?? attribute.defaultValueString {
            applyDefault(text, to: &property, subject: subject, explicit: stateValue != nil)
        }
        if let transformer = Self.value("JSONTransformerName", in: info), !transformer.isEmpty {
            property.transformer = transformer
            transformerNames.insert(transformer)
            doc.append("Converted by the transformer \(Naming.stringLiteral(transformer)) (Groot JSONTransformerName): register it")
            doc.append("with `WrapValueTransformers.register(name:forward:reverse:)` before the first read.")
        }
        if Self.isYes(Self.value("State.Immutable", in: info)) {
            property.forceReadOnly = true
            doc.append("Read-only (State.Immutable).")
        }
        property.doc = doc
        return property
    }

    private mutating func buildRelationship(_ relationship: DataModelRelationship, entity: DataModelEntity,
                                            swiftName: String) -> PropertyDecl {
        let subject = "\(entity.name).\(relationship.name)"
        let info = relationship.userInfo
        checkKeys(info, allowed: Self.relationshipKeys, subject: subject)
        let keyPath = Self.value("JSONKeyPath", in: info) ?? relationship.name
        var property = PropertyDecl(name: swiftName, keyPath: keyPath, kind: .any, isOptional: relationship.isOptional)
        if let typeName = typeNames[relationship.destination] {
            if enumEntities.contains(relationship.destination) {
                if relationship.isToMany {
                    warn(subject, "a to-many relationship to a State.Enum entity is read as strings")
                    property.kind = .array(.string)
                    property.doc.append("To-many to the State.Enum entity `\(relationship.destination)`: read as its data strings.")
                } else {
                    property.kind = .enumeration(typeName, defaultCase: enumCases[typeName]?.first?.name)
                }
            } else {
                property.kind = relationship.isToMany ? .modelArray(typeName) : .model(typeName)
            }
        } else {
            warn(subject, "destination entity \(relationship.destination) not found; read as Any")
            property.isOptional = true
            property.doc.append("Destination entity `\(relationship.destination)` is not in the model: read as `Any`.")
        }
        if let text = Self.value("State.Value", in: info) {
            applyDefault(text, to: &property, subject: subject, explicit: true)
        }
        if Self.isYes(Self.value("State.Immutable", in: info)) {
            property.forceReadOnly = true
            property.doc.append("Read-only (State.Immutable).")
        }
        return property
    }

    private func kindForAttributeType(_ type: String, subject: String, doc: [String]) -> (PropertyKind, [String]) {
        var doc = doc
        let kind: PropertyKind
        switch type {
        case "Integer 16", "Integer 32", "Integer 64": kind = .int
        case "Double", "Float", "Decimal": kind = .double
        case "String", "UUID", "URI": kind = .string
        case "Boolean": kind = .bool
        case "Date": kind = .date(.iso8601)
        case "Binary":
            kind = .string
            doc.append("Binary data, read as its Base64 text.")
        case "Transformable":
            kind = .dict
            doc.append("Transformable, read as a JSON object.")
        default:
            kind = .any
            doc.append("Attribute type \(type): read as `Any`.")
        }
        return (kind, doc)
    }

    private mutating func applyDefault(_ text: String, to property: inout PropertyDecl, subject: String, explicit: Bool) {
        guard !property.isOptional else {
            if explicit { warn(subject, "State.Value ignored: defaults apply to non-optional properties only") }
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func invalid() { if explicit { warn(subject, "default '\(text)' does not fit the property's type; ignored") } }
        switch property.kind {
        case .int:
            guard let value = Int(trimmed) else { return invalid() }
            if value != 0 { property.defaultLiteral = String(value) }
        case .double, .float:
            guard let value = Double(trimmed), value.isFinite else { return invalid() }
            if value != 0 { property.defaultLiteral = String(value) }
        case .bool:
            switch trimmed.lowercased() {
            case "yes", "true", "1": property.defaultLiteral = "true"
            case "no", "false", "0": break
            default: invalid()
            }
        case .string:
            if !text.isEmpty { property.defaultLiteral = Naming.stringLiteral(text) }
        case .enumeration(let name, _):
            if let match = enumCase(trimmed, of: name) {
                property.kind = .enumeration(name, defaultCase: match)
            } else {
                invalid()
            }
        default:
            if explicit { warn(subject, "State.Value ignored: no default for this property's type") }
        }
    }

    /// The Swift case of enum `typeName` a default names: the case (`female`), its data string
    /// (`"F"`), or State's `Type.case` spelling (`Gender.female`, `.female`).
    private func enumCase(_ text: String, of typeName: String) -> String? {
        let cases = enumCases[typeName] ?? []
        if let match = cases.first(where: { $0.name == text }) ?? cases.first(where: { $0.dataValue == text }) {
            return match.name
        }
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let qualifier = String(text[..<dot])
        let member = String(text[text.index(after: dot)...])
        let entity = typeNames.first { $0.value == typeName }?.key
        let qualifiers = [typeName, entity].compactMap { $0 }
        guard qualifier.isEmpty || qualifiers.contains(where: { qualifier == $0 || qualifier.hasSuffix("." + $0) }) else { return nil }
        return (cases.first { $0.name == member } ?? cases.first { $0.name == Naming.camelCase(member) })?.name
    }
}
