import Foundation
import Testing
import WrapModel

final class FactoryModel: WrapModel, @unchecked Sendable {
    @StrProperty("name") var name
    @IntProperty("n") var number
}

/// Generic helpers as an app would write them: nothing here names `FactoryModel`.
private func load<M: WrapModel>(_: M.Type, json: String) throws(WrapModelError) -> M {
    try M.model(parsing: json)
}

private func loadLenient<M: WrapModel>(_: M.Type, json: String?, mutable: Bool) -> M? {
    M.model(json: json, mutable: mutable)
}

@Suite("Generic code creates models through static factories")
struct GenericModelFactoryTests {
    @Test("model(parsing:) parses strictly and throws typed errors")
    func parsing() throws {
        let model = try load(FactoryModel.self, json: #"{"name":"x","n":3}"#)
        #expect(model.name == "x")
        #expect(model.number == 3)
        #expect(!model.isMutable)
        #expect(throws: WrapModelError.malformedJSON(reason: "unexpected character '}'", offset: 7)) {
            try load(FactoryModel.self, json: #"{"a":1,}"#)
        }
        let data = try FactoryModel.model(parsing: Data(#"{"n":"q"}"#.utf8), mutable: true)
        #expect(data.isMutable)
        #expect(throws: WrapModelError.self) { try FactoryModel.model(parsing: Data(#"{"n":"q"}"#.utf8), strict: true) }
    }

    @Test("model(json:) and model(jsonData:) are lenient and return nil for bad input")
    func lenient() throws {
        let model = try #require(loadLenient(FactoryModel.self, json: #"{"name":"y",}"#, mutable: true))
        #expect(model.name == "y")
        #expect(model.isMutable)
        #expect(loadLenient(FactoryModel.self, json: nil, mutable: false) == nil)
        #expect(loadLenient(FactoryModel.self, json: "[1]", mutable: false) == nil)
        #expect(FactoryModel.model(jsonData: Data(#"{"n":4}"#.utf8))?.number == 4)
        #expect(FactoryModel.model(jsonData: nil) == nil)
    }

    @Test("model(data:) and model(copying:) go through the class's initialisers")
    func dataAndCopy() throws {
        func make<M: WrapModel>(_: M.Type) -> M { M.model(data: ["n": 5], mutable: true) }
        let model = make(FactoryModel.self)
        #expect(model.number == 5)
        func copy<M: WrapModel>(_ source: M) -> M { M.model(copying: source, withMutations: true, mutable: false) }
        let copied = copy(model)
        #expect(copied.number == 5)
        #expect(!copied.isMutable)
    }
}
