import Foundation
import Testing
@testable import WrapGenKit

/// Which file a data model is written to, how classes are named, and what is warned about.
@Suite struct DataModelInputTests {
    private func fileName(_ path: String) throws -> String {
        try WrapGen.generate(dataModel: Fixtures.resources.appendingPathComponent(path)).fileName
    }

    @Test func outputFileIsNamedAfterTheModel() throws {
        #expect(try fileName("Zoo.xcdatamodel") == "Zoo.swift")
        #expect(try fileName("Zoo.xcdatamodel/contents") == "Zoo.swift")
        #expect(try fileName("Aquarium.xcdatamodel.contents") == "Aquarium.swift")
        #expect(try fileName("Library.xcdatamodeld") == "Library.swift")
        #expect(try fileName("Library.xcdatamodeld/Library 2.xcdatamodel/contents") == "Library.swift")
    }

    @Test func looseContentsFilesTakeTheirFolderOrBaseName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = try Data(contentsOf: Fixtures.resources.appendingPathComponent("Zoo.xcdatamodel/contents"))
        let shop = folder.appendingPathComponent("Shop")
        try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
        try xml.write(to: shop.appendingPathComponent("contents"))
        try xml.write(to: folder.appendingPathComponent("Store.xml"))
        #expect(try WrapGen.generate(dataModel: shop.appendingPathComponent("contents")).fileName == "Shop.swift")
        #expect(try WrapGen.generate(dataModel: folder.appendingPathComponent("Store.xml")).fileName == "Store.swift")
    }

    @Test func onlyTypesItCannotReadAreWarnedAbout() throws {
        // `.Animal` (Xcode's current-module spelling) and `ZooApp.Keeper` name their classes silently.
        let zoo = try WrapGen.generate(dataModel: Fixtures.resources.appendingPathComponent("Zoo.xcdatamodel"))
        #expect(zoo.warnings == [
            "warning: Animal.location: State.Type 'Coordinate' is not a type wrapgen can read; read as a JSON object [String: Any]",
            "warning: Animal.sizeClass: State.Type 'SizeClass' is not a type wrapgen can read; read as its attribute type Integer 16",
        ])
        #expect(zoo.source.contains("final class Animal: WrapModel"))
        #expect(zoo.source.contains("final class Keeper: WrapModel"))
        let aquarium = try WrapGen.generate(dataModel: Fixtures.resources.appendingPathComponent("Aquarium.xcdatamodel.contents"))
        #expect(aquarium.warnings == [])
    }

    private func generate(_ entities: String) throws -> WrapGenOutput {
        let xml = "<?xml version=\"1.0\"?><model>\(entities)</model>"
        return try WrapGen.generate(dataModelXML: Data(xml.utf8), sources: ["contents"], fileName: "M")
    }

    @Test func classNamesThatAreNotTheGeneratedNameAreWarnedAbout() throws {
        let output = try generate("""
            <entity name="Pet" representedClassName=".pet animal"/><entity name="Bird" representedClassName="."/>
            """)
        #expect(output.warnings == ["warning: Pet: generated as PetAnimal"])
        #expect(output.source.contains("final class PetAnimal: WrapModel"))
        #expect(output.source.contains("final class Bird: WrapModel"))
    }

    @Test func stateDefaultsNameEnumCasesInEverySpelling() throws {
        let attribute = { (value: String) in
            "<attribute name=\"a\" attributeType=\"String\"><userInfo><entry key=\"State.Type\" value=\"Kind\"/>"
                + "<entry key=\"State.Value\" value=\"\(value)\"/></userInfo></attribute>"
        }
        let kind = """
            <entity name="Kind"><attribute name="soft" attributeType="String"/>
            <attribute name="hardBoiled" attributeType="String"><userInfo><entry key="State.Value" value="h.b"/></userInfo></attribute>
            <userInfo><entry key="State.Enum" value="YES"/></userInfo></entity>
            """
        for (value, expected) in [("hardBoiled", "hardBoiled"), ("h.b", "hardBoiled"), ("Kind.hardBoiled", "hardBoiled"),
                                  (".soft", "soft"), ("App.Kind.soft", "soft"), ("Kind.HardBoiled", "hardBoiled")] {
            let output = try generate(kind + "<entity name=\"E\">\(attribute(value))</entity>")
            #expect(output.source.contains("@EnumProperty(\"a\", defaultEnum: Kind.\(expected)) var a: Kind"), "\(value)")
            #expect(output.warnings == [], "\(value)")
        }
        let wrong = try generate(kind + "<entity name=\"E\">\(attribute("Other.soft"))</entity>")
        #expect(wrong.warnings == ["warning: E.a: default 'Other.soft' does not fit the property's type; ignored"])
        #expect(wrong.source.contains("@EnumProperty(\"a\", defaultEnum: Kind.soft) var a: Kind"))
    }

    @Test func stateCollectionTypesReadAsCollections() throws {
        let attribute = { (name: String, type: String, storage: String) in
            "<attribute name=\"\(name)\" optional=\"YES\" attributeType=\"\(storage)\"><userInfo>"
                + "<entry key=\"State.Type\" value=\"\(type)\"/></userInfo></attribute>"
        }
        let output = try generate("<entity name=\"E\">"
            + attribute("a", "[String: Int]", "Binary") + attribute("b", "Set&lt;Int&gt;", "String")
            + attribute("c", "[Int: String]", "Integer 64") + attribute("d", "Array&lt;[String: Any]&gt;", "Transformable")
            + attribute("e", "[Date]", "Transformable") + attribute("f", "[Widget]", "Transformable")
            + attribute("g", "[[Int]]", "Transformable") + attribute("h", "NSArray", "Transformable") + "</entity>")
        #expect(output.warnings == [])
        let declarations = output.source.split(separator: "\n").filter { $0.hasPrefix("    @") }
        #expect(declarations == [
            "    @OptDictProperty(\"a\") var a: [String: Any]?",
            "    @OptIntArrayProperty(\"b\") var b: [Int]?",
            "    @OptDictProperty(\"c\") var c: [String: Any]?",
            "    @OptDictArrayProperty(\"d\") var d: [[String: Any]]?",
            "    @OptStrArrayProperty(\"e\") var e: [String]?",
            "    @ROProperty(WPOpt<[Any]>(\"f\")) var f: [Any]?",
            "    @ROProperty(WPOpt<[[Int]]>(\"g\")) var g: [[Int]]?",
            "    @ROProperty(WPOpt<[Any]>(\"h\")) var h: [Any]?",
        ])
    }
}
