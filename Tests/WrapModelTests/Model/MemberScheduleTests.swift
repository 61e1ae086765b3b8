import Foundation
import Testing
@testable import WrapModel

final class ScheduledModel: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
    @OptStrProperty("note") var note
    @IntProperty("stats.count") var count
    let alias = WPStr("name")
}

final class OtherScheduledModel: WrapModel, @unchecked Sendable {
    @StrProperty("name") var label
    @IntProperty("id") var identifier
}

/// Key paths chosen per instance: the class's schedule must not be trusted for them.
final class PerInstanceKeyModel: WrapModel, @unchecked Sendable {
    let value: WPStr

    init(key: String, json: String) throws {
        value = WPStr(key)
        let storage = try JSONInput.storage(from: Data(json.utf8), lenient: false)
        ConstructionContext.current.handOff(storage: storage, lock: nil, to: PerInstanceKeyModel.self)
        super.init(data: [:], mutable: false)
    }

    required init(data: [String: Any], mutable: Bool) {
        value = WPStr("a")
        super.init(data: data, mutable: mutable)
    }
}

/// Keys of 63 bytes and more, which share the schedule's last bucket.
final class LongKeysModel: WrapModel, @unchecked Sendable {
    static let key63 = String(repeating: "a", count: 63)
    static let key64 = String(repeating: "a", count: 64)
    static let key70 = String(repeating: "b", count: 70)
    let first = WPInt(LongKeysModel.key63)
    let second = WPInt(LongKeysModel.key64)
    let third = WPInt(LongKeysModel.key70)
    let short = WPInt("s")
}

@Suite("Values found in one pass over a JSON object's members")
struct MemberScheduleTests {
    @Test("every declared key is found, in any member order, with a dotted path and a shared key")
    func readsAll() throws {
        for json in [#"{"id": 1, "name": "n", "note": "x", "stats": {"count": 4}, "extra": true}"#,
                     #"{"extra": [1, {"name": "inner"}], "stats": {"count": 4}, "note": "x", "name": "n", "id": 1}"#] {
            let model = try #require(ScheduledModel(json: json))
            #expect(model.id == 1)
            #expect(model.name == "n")
            #expect(model.note == "x")
            #expect(model.count == 4)
            #expect(model.alias.value == "n")
        }
    }

    @Test("keys of 63 bytes or more, found in one bucket, are told apart")
    func longKeys() throws {
        let json = #"{"\#(LongKeysModel.key70)": 3, "s": 4, "\#(LongKeysModel.key64)": 2, "\#(LongKeysModel.key63)": 1}"#
        let model = try #require(LongKeysModel(json: json))
        #expect(model.first.value == 1)
        #expect(model.second.value == 2)
        #expect(model.third.value == 3)
        #expect(model.short.value == 4)
        let schedule = try #require(model.descriptorTable.schedule)
        #expect(schedule.count == 4)
        #expect(schedule.ordinals == [0, 1, 2, 3])
    }

    @Test("a duplicate key reads its last value, as a dictionary would")
    func duplicates() throws {
        let model = try #require(ScheduledModel(json: #"{"name": "first", "id": 1, "name": "last", "id": 2}"#))
        #expect(model.name == "last")
        #expect(model.alias.value == "last")
        #expect(model.id == 2)
    }

    @Test("an escaped key matches the property's key")
    func escapedKeys() throws {
        let model = try #require(ScheduledModel(json: #"{"n\u0061me": "escaped", "\u0069d": 3}"#))
        #expect(model.name == "escaped")
        #expect(model.id == 3)
        #expect(model.note == nil)
    }

    @Test("absent and null members read as the default, and missing ones are reported")
    func absent() throws {
        let model = try #require(ScheduledModel(json: #"{"id": null}"#))
        #expect(model.id == 0)
        #expect(model.name == "")
        #expect(model.validate().map(\.keyPath).sorted() == ["id", "name", "name", "stats.count"])
    }

    @Test("a model of another class over the same storage finds its own keys")
    func sharedStorage() throws {
        let source = try #require(ScheduledModel(json: #"{"id": 5, "name": "shared"}"#))
        #expect(source.name == "shared")
        let other = OtherScheduledModel(asCopyOf: source, withMutations: false, mutable: false)
        #expect(other.label == "shared")
        #expect(other.identifier == 5)
        let back = ScheduledModel(asCopyOf: other, withMutations: false, mutable: false)
        #expect(back.id == 5)
    }

    @Test("key paths computed per instance are looked up by key, not by the first instance's schedule")
    func perInstanceKeys() throws {
        let first = try PerInstanceKeyModel(key: "a", json: #"{"a": "A", "b": "B"}"#)
        let second = try PerInstanceKeyModel(key: "b", json: #"{"a": "A", "b": "B"}"#)
        #expect(first.value.value == "A")
        #expect(second.value.value == "B")
    }
}
