import Foundation
import WrapModel

/// A media feed whose items choose their class by `"type"`.
class PolyMedia: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("type", ["photo": PolyPhoto.self, "video": PolyVideo.self, "7": PolyVideo.self, "stray": PolyStray.self])
    }
    @Property("id") var id: Int
    @Property("title") var title: String
}

final class PolyPhoto: PolyMedia, @unchecked Sendable {
    @Property("width") var width: Int
}

final class PolyVideo: PolyMedia, @unchecked Sendable {
    @Property("seconds") var seconds: Double
    let notes = WPOptStr("notes", serializeForOutput: false)
}

/// Not a media class: a selector naming it gives the base class and an issue.
final class PolyStray: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
}

/// Holds media in every kind of model property.
final class PolyFeed: WrapModel, @unchecked Sendable {
    let featured = WPModel<PolyMedia>("featured")
    let items = WPModelArray<PolyMedia>("items")
    let edges = WPEmbModelArray<PolyMedia>("edges", embedPath: "node")
    let byName = WPModelDict<PolyMedia>("by_name")
    let shelves = WPDictModelArray<PolyMedia>("shelves")
}

/// Chooses by a closure over the object.
class PolyShape: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .choose { data in data.value(at: "radius") != nil ? PolyCircle.self : nil }
    }
    @Property("name") var name: String
}

final class PolyCircle: PolyShape, @unchecked Sendable {
    @Property("radius") var radius: Double
}

/// Chooses with a named entity mapper and the class registry.
class PolyEntity: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector { .entityMapper(named: "polyEntityMapper") }
    @Property("id") var id: Int
}

final class PolyConcreteA: PolyEntity, @unchecked Sendable {
    @Property("foo") var foo: String
}

final class PolyConcreteB: PolyEntity, @unchecked Sendable {
    @Property("bar") var bar: String
}

enum PolyStores {
    static let media = WrapModelStore<PolyMedia>(identityKeyPath: "id")
    static let threaded = WrapModelStore<PolyMedia>(identityKeyPath: "id")
    static let referenced = WrapModelStore<PolyMedia>(identityKeyPath: "id")
}

/// Refers to stored media by identity.
final class PolyPost: WrapModel, @unchecked Sendable {
    @ReferenceProperty("cover", store: PolyStores.referenced) var cover: PolyMedia?
}

/// The feed every round trip uses: a photo, a video and an item of unknown type.
let polyFeedJSON = #"""
[{"id": 1, "type": "photo", "title": "Sunset", "width": 640},
 {"id": 2, "type": "video", "title": "Waves", "seconds": 12.5, "notes": "keep"},
 {"id": 3, "type": "audio", "title": "Rain"}]
"""#

/// The classes of `models`, by name.
func classNames(_ models: [WrapModel]) -> [String] {
    models.map { String(describing: type(of: $0)) }
}
