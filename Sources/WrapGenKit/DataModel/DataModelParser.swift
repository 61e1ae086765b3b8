import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `key`/`value` pair of an element's user info, in document order.
struct UserInfoEntry: Equatable {
    var key: String
    var value: String
}

struct DataModelAttribute {
    var name: String
    var attributeType: String
    var isOptional: Bool
    var defaultValueString: String?
    /// The Swift type Xcode records for a Transformable attribute, e.g. `[String]` or `NSArray`.
    var customClassName: String?
    var userInfo: [UserInfoEntry] = []
}

struct DataModelRelationship {
    var name: String
    var destination: String
    var isToMany: Bool
    var isOptional: Bool
    var userInfo: [UserInfoEntry] = []
}

struct DataModelEntity {
    var name: String
    var className: String?
    var parentEntity: String?
    var isAbstract: Bool
    var attributes: [DataModelAttribute] = []
    var relationships: [DataModelRelationship] = []
    var userInfo: [UserInfoEntry] = []
}

/// Reads the entities of a Core Data model's `contents` XML.
enum DataModelParser {
    static func parse(_ data: Data, file: String) throws(WrapGenError) -> [DataModelEntity] {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure { throw .invalidModel(file: file, message: failure) }
        guard ok else {
            let line = parser.lineNumber
            let reason = (parser.parserError as NSError?)?.localizedDescription ?? "not well-formed XML"
            throw .invalidModel(file: file, message: "line \(line): \(reason.split(separator: "\n").first.map(String.init) ?? reason)")
        }
        if let open = delegate.openElement {
            throw .invalidModel(file: file, message: "line \(parser.lineNumber): the document ends inside <\(open)>")
        }
        guard delegate.sawModel else { throw .invalidModel(file: file, message: "no <model> element") }
        return delegate.entities
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var entities: [DataModelEntity] = []
        var failure: String?
        var sawModel = false
        /// The element names open above the current one.
        private var stack: [String] = []
        /// The innermost element still open (after parsing: the document was cut short).
        var openElement: String? { stack.last }
        /// Where `<entry>` elements go: the innermost of entity, attribute, relationship.
        private enum Target { case entity, attribute, relationship, ignored }
        private var targets: [Target] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            defer { stack.append(elementName) }
            if stack.isEmpty {
                guard elementName == "model" else {
                    fail(parser, "the root element is <\(elementName)>, not <model>")
                    return
                }
                sawModel = true
                return
            }
            let parent = stack.last
            switch elementName {
            case "entity" where parent == "model":
                guard let name = attributes["name"], !name.isEmpty else { return fail(parser, "an <entity> has no name") }
                entities.append(DataModelEntity(name: name, className: attributes["representedClassName"],
                                                parentEntity: attributes["parentEntity"],
                                                isAbstract: attributes["isAbstract"] == "YES" || attributes["abstract"] == "YES"))
                targets.append(.entity)
            case "attribute" where parent == "entity":
                guard let name = attributes["name"], !name.isEmpty else { return fail(parser, "an <attribute> has no name") }
                entities[entities.count - 1].attributes.append(DataModelAttribute(
                    name: name, attributeType: attributes["attributeType"] ?? "Undefined",
                    isOptional: attributes["optional"] == "YES", defaultValueString: attributes["defaultValueString"],
                    customClassName: attributes["customClassName"]))
                targets.append(.attribute)
            case "relationship" where parent == "entity":
                guard let name = attributes["name"], !name.isEmpty else { return fail(parser, "a <relationship> has no name") }
                guard let destination = attributes["destinationEntity"] else {
                    return fail(parser, "relationship \(name) has no destinationEntity")
                }
                // Xcode writes toMany="YES" for to-many relationships; maxCount="1" marks a to-one.
                let toMany = attributes["toMany"] == "YES"
                entities[entities.count - 1].relationships.append(DataModelRelationship(
                    name: name, destination: destination, isToMany: toMany, isOptional: attributes["optional"] == "YES"))
                targets.append(.relationship)
            case "entry" where parent == "userInfo":
                guard let key = attributes["key"] else { return }
                let entry = UserInfoEntry(key: key, value: attributes["value"] ?? "")
                switch targets.last {
                case .entity?: entities[entities.count - 1].userInfo.append(entry)
                case .attribute?:
                    let e = entities.count - 1
                    entities[e].attributes[entities[e].attributes.count - 1].userInfo.append(entry)
                case .relationship?:
                    let e = entities.count - 1
                    entities[e].relationships[entities[e].relationships.count - 1].userInfo.append(entry)
                default: break
                }
            case "fetchedProperty", "fetchRequest", "configuration", "elements", "fetchIndex", "uniquenessConstraints":
                targets.append(.ignored)
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
            switch elementName {
            case "entity" where stack.last == "model",
                 "attribute" where stack.last == "entity",
                 "relationship" where stack.last == "entity",
                 "fetchedProperty", "fetchRequest", "configuration", "elements", "fetchIndex", "uniquenessConstraints":
                if !targets.isEmpty { targets.removeLast() }
            default:
                break
            }
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            if failure == nil { failure = "line \(parser.lineNumber): \(message)" }
            parser.abortParsing()
        }
    }
}
