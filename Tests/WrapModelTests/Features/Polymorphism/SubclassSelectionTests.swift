import Foundation
import Testing
import WrapModel

@Suite("Polymorphic models: class selection")
struct SubclassSelectionTests {
    @Test("Every model property of a feed creates the selected subclass")
    func everyPropertyKind() throws {
        let feed = try #require(PolyFeed(json: #"""
        {"featured": {"id": 9, "type": "video", "seconds": 3},
         "items": [{"id": 1, "type": "photo", "width": 10}, {"id": 2, "type": "video", "seconds": 4.5}],
         "edges": [{"node": {"id": 3, "type": "photo", "width": 30}}],
         "by_name": {"a": {"id": 4, "type": "video"}, "b": {"id": 5}},
         "shelves": {"top": [{"id": 6, "type": "photo"}, {"id": 7, "type": "audio"}]}}
        """#))
        #expect((feed.featured.value as? PolyVideo)?.seconds == 3)
        #expect(classNames(feed.items.value) == ["PolyPhoto", "PolyVideo"])
        #expect((feed.items.value[0] as? PolyPhoto)?.width == 10)
        #expect(feed.items.value.map(\.id) == [1, 2])
        #expect(classNames(feed.edges.value) == ["PolyPhoto"])
        #expect((feed.edges.value[0] as? PolyPhoto)?.width == 30)
        #expect(classNames([feed.byName.value["a"]!, feed.byName.value["b"]!]) == ["PolyVideo", "PolyMedia"])
        #expect(classNames(feed.shelves.value["top"]!) == ["PolyPhoto", "PolyMedia"])
        #expect(feed.validate().filter { $0.kind != .missing }
                == [WrapModelIssue(keyPath: "shelves.top[1].type", kind: .unknownDiscriminator("audio"))])
    }

    @Test("Dictionary-backed data selects the same classes as JSON bytes")
    func dictionaryBacked() {
        let feed = PolyFeed(data: jsonObject(#"{"items": [{"type": "video", "seconds": 2}, {"type": "photo"}]}"#), mutable: true)
        #expect(classNames(feed.items.value) == ["PolyVideo", "PolyPhoto"])
        #expect(feed.items.value[0].isMutable)
        #expect(feed.items.value[0].lock === feed.lock)
    }

    @Test("Unknown, wrongly typed and unrelated selections give the base class and an issue; nothing traps")
    func hostileDiscriminators() throws {
        let models = try PolyMedia.importModels(from: #"""
        [{"type": "audio"}, {"type": true}, {"type": {"x": 1}}, {"type": [1]}, {"type": null}, {}, {"type": "stray"},
         {"type": 7}, {"type": 7.0}, {"type": 7.5}, {"type": ""}]
        """#)
        #expect(classNames(models) == ["PolyMedia", "PolyMedia", "PolyMedia", "PolyMedia", "PolyMedia", "PolyMedia",
                                       "PolyMedia", "PolyVideo", "PolyVideo", "PolyMedia", "PolyMedia"])
        #expect(models[0].validate().contains(WrapModelIssue(keyPath: "type", kind: .unknownDiscriminator("audio"))))
        #expect(models[1].validate().contains(WrapModelIssue(keyPath: "type", kind: .wrongType(expected: "string", found: "boolean"))))
        #expect(models[2].validate().contains(WrapModelIssue(keyPath: "type", kind: .wrongType(expected: "string", found: "object"))))
        #expect(models[4].validate().filter { $0.keyPath == "type" }.isEmpty)
        #expect(models[5].validate().filter { $0.keyPath == "type" }.isEmpty)
        #expect(models[6].validate().contains(WrapModelIssue(keyPath: "", kind: .incompatibleSubclass("PolyStray"))))
        #expect(models[9].validate().contains(WrapModelIssue(keyPath: "type", kind: .unknownDiscriminator("7.5"))))
        #expect(models[10].validate().contains(WrapModelIssue(keyPath: "type", kind: .unknownDiscriminator(""))))
    }

    @Test("A model created as a subclass the data does not name is reported")
    func mismatchedInitialiser() {
        let photo = PolyPhoto(data: ["type": "video"], mutable: false)
        #expect(photo.validate().contains(WrapModelIssue(keyPath: "", kind: .incompatibleSubclass("PolyVideo"))))
        // Created through the base initialiser: the class asked for, no issue.
        #expect(PolyMedia(data: ["type": "photo", "id": 1, "title": "t"], mutable: false).validate() == [])
    }

    @Test("Output writes the discriminator as it came, declared or not")
    func outputKeepsDiscriminator() throws {
        let models = try PolyMedia.importModels(from: polyFeedJSON)
        #expect(canonical(models[0].currentModelData(withNulls: false))
                == canonical(["id": 1, "type": "photo", "title": "Sunset", "width": 640]))
        #expect(canonical(models[2].outputData()) == canonical(["id": 3, "type": "audio", "title": "Rain"]))
        #expect(canonical(models[1].outputData()) == canonical(["id": 2, "type": "video", "title": "Waves", "seconds": 12.5]))
    }

    @Test("Import from parsed objects, factories and persistence readers select")
    func otherCreationSites() throws {
        let parsed = try PolyMedia.importModels(fromJSONObject: jsonObject(#"{"type": "photo"}"#))
        #expect(classNames(parsed) == ["PolyPhoto"])
        #expect(PolyMedia.model(data: ["type": "video"], mutable: false) is PolyVideo)
        #expect(PolyMedia.model(json: #"{"type": "video"}"#) is PolyVideo)
        #expect(try PolyMedia.model(parsing: #"{"type": "photo"}"#) is PolyPhoto)
        #expect(try PolyMedia.read(from: #"{"type": "photo"}"#) is PolyPhoto)
        let plist = try PolyMedia.model(data: ["type": "video", "seconds": 2.0], mutable: false).data(format: .xmlPlist)
        #expect(try PolyMedia.read(from: plist) is PolyVideo)
        // Initialisers create exactly the class they are called on.
        #expect(type(of: PolyMedia(json: #"{"type": "video"}"#)!) == PolyMedia.self)
    }

    @Test("A closure selector sees the object and may decline")
    func closureSelector() throws {
        let shapes = try PolyShape.importModels(from: #"[{"name": "c", "radius": 2}, {"name": "s"}]"#)
        #expect(classNames(shapes) == ["PolyCircle", "PolyShape"])
        #expect((shapes[0] as? PolyCircle)?.radius == 2)
        #expect(shapes[1].validate() == [])
    }

    @Test("An entity mapper names the class through the registry")
    func entityMapper() throws {
        WrapModelClasses.register(PolyConcreteA.self)
        WrapModelClasses.register(PolyConcreteB.self, as: "B")
        WrapValueTransformers.register(name: "polyEntityMapper", forward: { object in
            (object as? [String: Any])?["kind"]
        })
        let entities = try PolyEntity.importModels(from: #"[{"id": 1, "kind": "PolyConcreteA", "foo": "x"}, {"id": 2, "kind": "B", "bar": "y"}, {"id": 3, "kind": "C"}, {"id": 4}]"#)
        #expect(classNames(entities) == ["PolyConcreteA", "PolyConcreteB", "PolyEntity", "PolyEntity"])
        #expect((entities[0] as? PolyConcreteA)?.foo == "x")
        #expect((entities[1] as? PolyConcreteB)?.bar == "y")
        #expect(entities[2].validate() == [WrapModelIssue(keyPath: "", kind: .unknownDiscriminator("C"))])
        #expect(entities[3].validate() == [])
    }

    @Test("Copies keep the class; the factory copy of a base class keeps the source's subclass")
    func copies() throws {
        let photo = try #require(PolyMedia.model(json: #"{"type": "photo", "width": 5}"#, mutable: true) as? PolyPhoto)
        photo.$width.value = 6
        #expect((photo.copy() as? PolyPhoto)?.width == 6)
        #expect((photo.mutableCopy() as? PolyPhoto)?.width == 6)
        #expect((PolyMedia.model(copying: photo, withMutations: true, mutable: false) as? PolyPhoto)?.width == 6)
        #expect((PolyMedia.model(copying: photo, withMutations: false, mutable: false) as? PolyPhoto)?.width == 5)
        #expect(type(of: PolyMedia(asCopyOf: photo, withMutations: true, mutable: false)) == PolyMedia.self)
        let feed = PolyFeed(data: ["items": [["type": "video"]]], mutable: true)
        _ = feed.items.value
        #expect(classNames((feed.mutableCopy() as! PolyFeed).items.value) == ["PolyVideo"])
    }

    @Test("Escaped, duplicated and bridged discriminators select like their decoded values")
    func discriminatorForms() throws {
        let models = try PolyMedia.importModels(from: #"[{"type": "ph\u006fto"}, {"type": "photo", "type": "video"}, {"type": "vide"}, {"type": "videos"}]"#)
        #expect(classNames(models) == ["PolyPhoto", "PolyVideo", "PolyMedia", "PolyMedia"])
        let bridged = PolyMedia.model(data: ["type": NSString(string: "video")], mutable: false)
        #expect(bridged is PolyVideo)
        #expect(PolyMedia.model(data: ["type": "stray"], mutable: false).validate()
            .contains(WrapModelIssue(keyPath: "", kind: .incompatibleSubclass("PolyStray"))))
        #expect(type(of: PolyPhoto.model(data: ["type": "video"], mutable: false)) == PolyPhoto.self)
    }
}
