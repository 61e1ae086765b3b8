import Foundation
import Synchronization
import Testing
@testable import WrapModel
@testable import WrapModelJSON

final class SlotPatchUser: WrapModel, @unchecked Sendable {
    @MutOptStrProperty("location") var location
    @MutIntProperty("followers") var followers
}

final class SlotPatchStatus: WrapModel, @unchecked Sendable {
    @MutIntProperty("retweets") var retweets
    @MutStrProperty("text") var text
    @MutOptStrProperty("note") var note
    @MutBoolProperty("flag") var flag
    @MutDoubleProperty("score") var score
    @MutStrProperty("meta.kind") var kind
    @MutStrArrayProperty("tags") var tags
    @ModelProperty("user") var user: SlotPatchUser?
    @MutOptStrProperty("extra") var extra
}

/// A group over its parent's level, counting how often one is made from data.
final class SlotPatchPrefs: WrapModel, @unchecked Sendable {
    static let made = Atomic<Int>(0)
    @MutStrProperty("theme") var theme
    @MutOptIntProperty("size") var size
    override func didReadData() { Self.made.add(1, ordering: .relaxed) }
}

/// Declarations beyond one-key strings and numbers: a group (over the parent's level),
/// alternative keys, a key that is not ASCII (the slots give way to the diff), a dictionary, a date.
final class SlotPatchMixed: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @GroupProperty() var prefs: SlotPatchPrefs
    @MutStrProperty("avatar_url|avatarUrl") var avatar
    @MutOptIntProperty("\u{212A}") var kelvin
    @MutOptDictProperty("settings") var settings
    @MutDateProperty("seen", dateType: .iso8601) var seen
}

/// A group counting how often one is made from data (only `SlotPatchHooked` holds it).
final class SlotPatchHookedPrefs: WrapModel, @unchecked Sendable {
    static let made = Atomic<Int>(0)
    @MutStrProperty("theme") var theme
    override func didReadData() { Self.made.add(1, ordering: .relaxed) }
}

/// Counts the output hooks of a model; its transformer and converter count their conversions.
final class SlotPatchHooked: WrapModel, @unchecked Sendable {
    private let hookCalls = Atomic<Int>(0)
    var willWriteCalls: Int { hookCalls.load(ordering: .relaxed) }
    @MutIntProperty("count") var count
    @MutTransformedProperty("total_cents", transformer: "slotpatch.counted-cents") var total: Double
    let label = WPStr("label")
    @GroupProperty() var prefs: SlotPatchHookedPrefs
    override func willWriteOutput() { hookCalls.add(1, ordering: .relaxed) }
}

enum SlotPatchCounters {
    static let reverseCalls = Atomic<Int>(0)
    static let converterCalls = Atomic<Int>(0)

    static func register() {
        WrapValueTransformers.register(
            name: "slotpatch.counted-cents",
            forward: { value in (value as? Int).map { Double($0) / 100 } },
            reverse: { value in
                reverseCalls.add(1, ordering: .relaxed)
                return (value as? Double).map { Int(($0 * 100).rounded()) }
            })
    }
}

/// `mergePatchData()` and `hasChanges` built from the written slots: the same patch as the diff
/// of the lossless output against the data, member for member and byte for byte.
@Suite("Merge patch from the written slots")
struct MergePatchFromSlotsTests {
    static let status = #"""
        {"retweets":5,"text":"hello","note":"n","flag":false,"score":1.0,"meta":{"kind":"recent","lang":"en"},\#
        "tags":["a","b"],"user":{"location":"Oslo","followers":3},"other":1}
        """#

    private static func model(_ json: String = status) throws -> SlotPatchStatus {
        try SlotPatchStatus(parsing: json, mutable: true)
    }

    private static func patchString(_ model: WrapModel, options: WrapOutputOptions = []) throws -> String {
        String(decoding: try model.mergePatchData(options: options), as: UTF8.self)
    }

    /// The patch the diff of the whole lossless output against the data gives.
    private static func diffString(_ model: WrapModel, options: WrapOutputOptions = []) throws -> String {
        let patch = model.withReadAccess { model.diffPatch(model.patchContext(options)) }
        return String(decoding: try JSONOutput.data(patch, options: options), as: UTF8.self)
    }

    /// Checks the patch (data and dictionary) and `hasChanges` against the diff.
    private static func expectSameAsDiff(_ model: WrapModel, _ comment: Comment? = nil,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let diff = try diffString(model)
        #expect(try patchString(model) == diff, comment, sourceLocation: sourceLocation)
        #expect(try patchString(model, options: [.sortedKeys]) == diffString(model, options: [.sortedKeys]), comment,
                sourceLocation: sourceLocation)
        let diffTree = OrderedObject.plainValue(model.withReadAccess { model.diffPatch(model.patchContext([])) })
        #expect(canonical(model.mergePatch()) == canonical(diffTree), comment, sourceLocation: sourceLocation)
        #expect(model.hasChanges == (diff != "{}"), comment, sourceLocation: sourceLocation)
    }

    @Test("one scalar written: that member alone")
    func oneScalar() throws {
        let model = try Self.model()
        model.retweets += 1
        #expect(try Self.patchString(model) == #"{"retweets":6}"#)
        #expect(canonical(model.mergePatch()) == "{retweets=i:6}")
        #expect(model.hasChanges)
        try Self.expectSameAsDiff(model)
    }

    @Test("written back to the original value: an empty patch and no changes")
    func writtenBack() throws {
        let model = try Self.model()
        model.retweets = 6
        model.retweets = 5
        model.text = "hello"
        model.flag = false
        model.score = 1        // 1.0 in the data: the same number
        model.tags = ["a", "b"]
        model.user?.location = "Oslo"
        #expect(try Self.patchString(model) == "{}")
        #expect(model.mergePatch().isEmpty)
        #expect(model.hasChanges == false)
        try Self.expectSameAsDiff(model)
        model.score = 1.5
        #expect(try Self.patchString(model) == #"{"score":1.5}"#)
        #expect(model.hasChanges)
    }

    @Test("a nested key path writes a nested object, whatever the data has on the way")
    func nestedKeyPath() throws {
        let model = try Self.model()
        model.kind = "popular"
        #expect(try Self.patchString(model) == #"{"meta":{"kind":"popular"}}"#)
        try Self.expectSameAsDiff(model)
        for json in [#"{"retweets":1}"#, #"{"meta":"text"}"#, #"{"meta":null}"#, #"{"meta":{"lang":"en"}}"#] {
            let model = try Self.model(json)
            model.kind = "popular"
            #expect(try Self.patchString(model) == #"{"meta":{"kind":"popular"}}"#, "\(json)")
            #expect(model.hasChanges, "\(json)")
            try Self.expectSameAsDiff(model, "\(json)")
        }
    }

    @Test("an optional set to nil removes its member with null; absent, there is nothing to remove")
    func optionalSetToNil() throws {
        let model = try Self.model()
        model.note = nil
        model.extra = nil
        #expect(try Self.patchString(model) == #"{"note":null}"#)
        #expect(canonical(model.mergePatch()) == "{note=null}")
        #expect(model.hasChanges)
        try Self.expectSameAsDiff(model)
        let absent = try Self.model(#"{"retweets":1}"#)
        absent.note = nil
        #expect(try Self.patchString(absent) == "{}")
        #expect(absent.hasChanges == false)
        let null = try Self.model(#"{"note":null}"#)
        null.note = nil
        #expect(try Self.patchString(null) == #"{"note":null}"#)
        try Self.expectSameAsDiff(null)
    }

    @Test("a field written in a submodel: the submodel's own patch, nested")
    func submodelField() throws {
        let model = try Self.model()
        model.user?.location = "Paris"
        #expect(try Self.patchString(model) == #"{"user":{"location":"Paris"}}"#)
        #expect(model.hasChanges)
        try Self.expectSameAsDiff(model)
        model.user?.location = nil
        model.user?.followers = 4
        #expect(try Self.patchString(model) == #"{"user":{"location":null,"followers":4}}"#)
        try Self.expectSameAsDiff(model)
    }

    @Test("an array is replaced whole")
    func arrayReplaced() throws {
        let model = try Self.model()
        model.tags = ["a", "b", "c"]
        #expect(try Self.patchString(model) == #"{"tags":["a","b","c"]}"#)
        #expect(model.hasChanges)
        try Self.expectSameAsDiff(model)
    }

    @Test("members in the diff's order: removed, then changed in the data's order, then new")
    func memberOrder() throws {
        let model = try Self.model()
        model.extra = "new"
        model.text = "x"
        model.note = nil
        model.retweets = 6
        model.kind = "popular"
        #expect(try Self.patchString(model) ==
            #"{"note":null,"retweets":6,"text":"x","meta":{"kind":"popular"},"extra":"new"}"#)
        try Self.expectSameAsDiff(model)
    }

    @Test("values compare as the diff compares them: type, number value, string escapes")
    func valueComparison() throws {
        let json = #"{"retweets":5.0,"text":"caf\u00e9","flag":1,"score":2,"note":"1"}"#
        let model = try Self.model(json)
        model.retweets = 5          // 5.0 in the data: the same number
        model.text = "café"         // the same string, escaped in the data
        model.score = 2             // 2 in the data, written as a double
        #expect(try Self.patchString(model) == "{}")
        #expect(model.hasChanges == false)
        model.flag = true           // a number in the data: another type
        model.note = "1"
        #expect(try Self.patchString(model) == #"{"flag":true}"#)
        try Self.expectSameAsDiff(model)
    }

    @Test("groups, alternative keys, keys that are not ASCII, dictionaries and dates: the patch that makes the data the output")
    func fallbacks() throws {
        let json = #"{"name":"A","theme":"dark","avatarUrl":"a.png","K":1,"settings":{"x":1,"y":[1]},"seen":"2016-11-01T21:14:33Z"}"#
        let edits: [(String, (SlotPatchMixed) -> Void, String)] = [
            ("group", { $0.prefs.theme = "light" }, #"{"theme":"light"}"#),
            ("group written back", { $0.prefs.theme = "dark" }, "{}"),
            ("group and parent", { $0.prefs.size = 3; $0.name = "B" }, #"{"name":"B","size":3}"#),
            ("alternative key", { $0.avatar = "b.png" }, #"{"avatarUrl":"b.png"}"#),
            ("key not ASCII", { $0.kelvin = 2 }, "{\"\u{212A}\":2}"),
            ("dictionary", { $0.settings = ["x": 1, "z": true] }, #"{"settings":{"y":null,"z":true}}"#),
            ("dictionary written back", { $0.settings = ["x": 1, "y": [1]] }, "{}"),
            ("date", { $0.seen = Date(timeIntervalSince1970: 0) }, #"{"seen":"1970-01-01T00:00:00Z"}"#),
            ("date written back", { $0.seen = $0.seen }, "{}"),
        ]
        for (name, edit, expected) in edits {
            let model = try SlotPatchMixed(parsing: json, mutable: true)
            edit(model)
            #expect(try Self.patchString(model) == expected, "\(name)")
            #expect(model.hasChanges == (expected != "{}"), "\(name)")
            try Self.expectSameAsDiff(model, "\(name)")
        }
    }

    @Test("random writes to the statuses of twitter.json: the diff's patch, byte for byte")
    func randomWrites() throws {
        var generator = RelRandom(seed: 36)
        let document = try fixtureData("twitter.json")
        for round in 0..<(TestScale.isFull ? 200 : 8) {
            let model = try PatchStatus.statusModel(document, &generator)
            try Self.expectSameAsDiff(model, "round \(round)")
        }
    }

    @Test("hasChanges runs no hook, makes no model and converts nothing through user code")
    func hasChangesRunsNoHooks() throws {
        SlotPatchCounters.register()
        let model = try SlotPatchHooked(parsing: #"{"count":1,"total_cents":250,"label":"l","theme":"t"}"#, mutable: true)
        let made = SlotPatchHookedPrefs.made.load(ordering: .relaxed)
        #expect(model.hasChanges == false)
        model.count = 1
        #expect(model.hasChanges == false)
        model.count = 2
        #expect(model.hasChanges)
        model.count = 1
        let reverseCalls = SlotPatchCounters.reverseCalls.load(ordering: .relaxed)
        // Through a transformer: a change, as comparing would convert (here the patch is empty).
        model.total = 2.5
        #expect(model.hasChanges)
        model.label.fromModelConverter = { value in
            SlotPatchCounters.converterCalls.add(1, ordering: .relaxed)
            return value
        }
        model.label.value = "m"
        #expect(model.hasChanges)
        #expect(model.willWriteCalls == 0)
        #expect(SlotPatchCounters.converterCalls.load(ordering: .relaxed) == 0)
        #expect(SlotPatchCounters.reverseCalls.load(ordering: .relaxed) == reverseCalls)
        #expect(SlotPatchHookedPrefs.made.load(ordering: .relaxed) == made)
        // The patch itself runs the output hook and the conversions, as output does.
        #expect(try Self.patchString(model) == #"{"label":"m"}"#)
        #expect(model.willWriteCalls == 1)
        #expect(SlotPatchCounters.converterCalls.load(ordering: .relaxed) == 1)
        #expect(SlotPatchCounters.reverseCalls.load(ordering: .relaxed) == reverseCalls + 1)
    }
}
