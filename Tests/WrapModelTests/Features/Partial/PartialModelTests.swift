import Foundation
import Observation
import Synchronization
import Testing
@testable import WrapModel
@testable import WrapModelJSON

final class PartialStep: WrapModel, @unchecked Sendable {
    @Property var text: String
    @Property var minutes: Int
}

final class PartialAuthor: WrapModel, @unchecked Sendable {
    @Property var name: String
    @Property var url: String?
}

final class PartialRecipe: WrapModel, @unchecked Sendable {
    @Property var title: String
    @Property var servings: Int
    @Property var rating: Double?
    @Property var vegan: Bool
    @Property var tags: [String]
    @Property var steps: [PartialStep]
    @Property var author: PartialAuthor?
    @Property("author.name") var authorName: String?
    @Property var notes: String?
    let summary = WPOptStr("summary")
}

final class PartialDotted: WrapModel, @unchecked Sendable {
    @Property("user.screen_name") var screenName: String
    @Property("user.profile.color") var color: String?
    @Property("user.profile") var profile: [String: String]
    @Property("user.stats") var stats: [String: Int]
    @Property("user.ids.first") var throughArray: Int?
    @Property("user.caf\u{E9}") var accented: Int?
    @Property var count: Int

    /// Everything it reads, as one comparable text.
    var reading: String {
        "\(screenName)|\(color ?? "-")|\(profile.sorted { $0.key < $1.key })|\(stats.sorted { $0.key < $1.key })|"
            + "\(throughArray ?? -1)|\(accented ?? -1)|\(count)"
    }
}

enum PartialFixture {
    static let recipe = #"""
        {"title": "Cr\u00eapes \"fines\" 🥞", "servings": 4, "rating": 4.75, "vegan": false,
         "tags": ["sweet", "fran\u00e7ais", "😀\uD83D\uDE00"], "extra": {"kept": [1, 2.50, null]},
         "steps": [{"text": "Mix flour and eggs", "minutes": 5},
                   {"text": "Rest the batter\nfor an hour", "minutes": 60, "note": "important"},
                   {"text": "Fry thin", "minutes": 12}],
         "author": {"name": "Ada", "url": "https://example.com/ada"}, "summary": "Thin pancakes", "notes": null}
        """#

    /// Feeds `text` to a new partial document cut at `cuts`, calling `check` after every piece.
    static func feed(_ text: String, cuts: [Int], check: (PartialRecipe, Int) -> Void = { _, _ in }) throws -> WrapPartialDocument<PartialRecipe> {
        let bytes = Array(text.utf8)
        let partial = WrapPartialDocument<PartialRecipe>()
        var start = 0
        for (piece, end) in (cuts + [bytes.count]).enumerated() where end >= start {
            try partial.append(Array(bytes[start..<end]))
            check(partial.model, piece)
            start = end
        }
        try partial.finish()
        return partial
    }

    /// Checks that what `model` shows is consistent with the whole document's model `whole`:
    /// every value is its default or its final value, the final one once complete.
    static func expectConsistent(_ model: PartialRecipe, _ whole: PartialRecipe, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func check<T: Equatable>(_ value: T, _ final: T, _ empty: T, _ arrival: WrapArrival, _ name: String) {
            switch arrival {
            case .complete:
                #expect(value == final, "\(name) complete: \(value) != \(final), \(label)", sourceLocation: sourceLocation)
            case .pending, .arriving:
                #expect(value == empty, "\(name) \(arrival): \(value) before it is complete, \(label)", sourceLocation: sourceLocation)
            case .absent:
                #expect(value == empty, "\(name) absent: \(value), \(label)", sourceLocation: sourceLocation)
            }
        }
        check(model.title, whole.title, "", model.$title.arrival, "title")
        check(model.servings, whole.servings, 0, model.$servings.arrival, "servings")
        check(model.rating, whole.rating, nil, model.$rating.arrival, "rating")
        check(model.vegan, whole.vegan, false, model.$vegan.arrival, "vegan")
        check(model.summary.value, whole.summary.value, nil, model.summary.arrival, "summary")
        check(model.notes, whole.notes, nil, model.$notes.arrival == .complete ? .absent : model.$notes.arrival, "notes")
        #expect(whole.tags.starts(with: model.tags), "tags \(model.tags), \(label)", sourceLocation: sourceLocation)
        if model.$tags.arrival == .complete { #expect(model.tags == whole.tags, sourceLocation: sourceLocation) }
        let steps = model.steps
        #expect(steps.count <= whole.steps.count, "\(steps.count) steps, \(label)", sourceLocation: sourceLocation)
        for (index, step) in steps.enumerated() {
            let final = whole.steps[index]
            if step.arrival == .complete || index < steps.count - 1 {
                #expect(step.text == final.text && step.minutes == final.minutes, "step \(index), \(label)", sourceLocation: sourceLocation)
            } else {
                check(step.text, final.text, "", step.$text.arrival, "step \(index) text")
                check(step.minutes, final.minutes, 0, step.$minutes.arrival, "step \(index) minutes")
            }
            if let text = step.$text.receivedText {
                #expect(final.text.hasPrefix(text), "step \(index) text so far \(text.debugDescription), \(label)", sourceLocation: sourceLocation)
            }
        }
        if let text = model.$title.receivedText {
            #expect(whole.title.hasPrefix(text), "title so far \(text.debugDescription), \(label)", sourceLocation: sourceLocation)
        }
        if let author = model.author {
            check(author.name, whole.author!.name, "", author.$name.arrival, "author.name")
        }
        // "author.name" overlaps `author`: once the submodel exists it reads through it, and shows
        // its `name` (a String, "" until complete), as a whole document whose author has no name does.
        check(model.authorName, whole.authorName, model.author == nil ? nil : "", model.$authorName.arrival, "authorName")
    }
}

@Suite("Partial documents: one model that grows with its document")
struct PartialModelTests {
    @Test("every split position: the model shows what arrived, and ends as init(parsing:) makes it")
    func everySplit() throws {
        let text = PartialFixture.recipe
        let whole = try PartialRecipe(parsing: text)
        let expectedOutput = try whole.jsonData()
        let count = text.utf8.count
        for cut in 0...count {
            let partial = try PartialFixture.feed(text, cuts: [cut]) { model, piece in
                PartialFixture.expectConsistent(model, whole, "cut at \(cut), piece \(piece)")
            }
            PartialFixture.expectConsistent(partial.model, whole, "cut at \(cut), finished")
            #expect(partial.model.arrival == .complete)
            #expect(try partial.model.jsonData() == expectedOutput, "lossless output, cut at \(cut)")
        }
    }

    @Test("byte by byte, reading everything after each byte: same instances, consistent values, the whole document's end")
    func byteByByte() throws {
        let text = PartialFixture.recipe
        let whole = try PartialRecipe(parsing: text)
        var stepIdentities: [ObjectIdentifier] = []
        var author: PartialAuthor?
        var titleTexts: [String] = []
        let partial = try PartialFixture.feed(text, cuts: Array(1..<text.utf8.count)) { model, piece in
            PartialFixture.expectConsistent(model, whole, "byte \(piece)")
            let identities = model.steps.map(ObjectIdentifier.init)
            #expect(identities.starts(with: stepIdentities), "byte \(piece): a step model was replaced")
            stepIdentities = identities
            if let current = model.author {
                if let author { #expect(author === current, "byte \(piece): the author model was replaced") }
                author = current
            }
            if let received = model.$title.receivedText, titleTexts.last != received { titleTexts.append(received) }
        }
        let model = partial.model
        #expect(model.title == whole.title)
        #expect(model.tags == whole.tags)
        #expect(model.steps.map(\.text) == whole.steps.map(\.text))
        #expect(model.steps.map(\.minutes) == [5, 60, 12])
        #expect(model.author === author)
        #expect(model.authorName == "Ada")
        #expect(model.$notes.arrival == .complete)
        #expect(model.$rating.arrival == .complete)
        #expect(try model.jsonData() == whole.jsonData())
        #expect(model.validate() == whole.validate())
        // The title was shown growing one whole character or escape at a time.
        #expect(titleTexts == ["", "C", "Cr", "Cr\u{EA}", "Cr\u{EA}p", "Cr\u{EA}pe", "Cr\u{EA}pes", "Cr\u{EA}pes ", "Cr\u{EA}pes \"",
                               "Cr\u{EA}pes \"f", "Cr\u{EA}pes \"fi", "Cr\u{EA}pes \"fin", "Cr\u{EA}pes \"fine", "Cr\u{EA}pes \"fines",
                               "Cr\u{EA}pes \"fines\"", "Cr\u{EA}pes \"fines\" ", "Cr\u{EA}pes \"fines\" 🥞"])
    }

    @Test("not arrived yet, arriving, complete and absent, for properties and for the model")
    func arrivalStates() throws {
        let partial = WrapPartialDocument<PartialRecipe>()
        let model = partial.model
        #expect(model.arrival == .pending)
        #expect(model.$title.arrival == .pending)
        try partial.append(#"  {"title": "Pan"#)
        #expect(model.arrival == .arriving)
        #expect(model.$title.arrival == .arriving)
        #expect(model.title == "")
        #expect(model.$title.receivedText == "Pan")
        #expect(model.$servings.arrival == .pending)
        try partial.append(#"cakes", "servings": 1"#)
        #expect(model.title == "Pancakes")
        #expect(model.$title.arrival == .complete)
        #expect(model.servings == 0)
        #expect(model.$servings.arrival == .arriving)
        try partial.append(#"2, "author": {"name": "A"#)
        #expect(model.servings == 12)
        #expect(model.author?.arrival == .arriving)
        #expect(model.author?.$name.receivedText == "A")
        #expect(model.$authorName.arrival == .arriving)
        #expect(model.$authorName.receivedText == "A")
        try partial.append(#"da"}}"#)
        #expect(model.arrival == .complete)
        #expect(model.author?.arrival == .complete)
        #expect(model.authorName == "Ada")
        #expect(model.$notes.arrival == .absent)
        #expect(model.$vegan.arrival == .absent)
        #expect(model.author?.$url.arrival == .absent)
        try partial.finish()
        #expect(model.$notes.arrival == .absent)
        #expect(model.$title.arrival == .complete)
        // A model of a whole document: complete or absent.
        #expect(try PartialRecipe(parsing: #"{"author": {}}"#).authorName == "")
        let whole = try PartialRecipe(parsing: #"{"title": "x"}"#)
        #expect(whole.arrival == .complete)
        #expect(whole.$title.arrival == .complete)
        #expect(whole.$servings.arrival == .absent)
        #expect(whole.$title.receivedText == "x")
    }

    @Test("a number is read once the byte after it has arrived")
    func numbersAcrossPieces() throws {
        let partial = WrapPartialDocument<PartialRecipe>()
        let model = partial.model
        for piece in [#"{"servings": "#, "1", "2", "3"] {
            try partial.append(piece)
            #expect(model.servings == 0, "after \(piece)")
        }
        try partial.append(" ")
        #expect(model.servings == 123)
        try partial.append(#", "rating": 4."#)
        #expect(model.rating == nil)
        try partial.append("5e")
        #expect(model.rating == nil)
        try partial.append("1}")
        #expect(model.rating == 45)
    }

    @Test("random pieces of twitter.json: the newest status read after each piece, the end equal to init(parsing:)")
    func twitterInRandomPieces() throws {
        let input = try StreamFixture.resource("twitter")
        let whole = try PartialTimeline(parsing: Data(input))
        var random = RelRandom(seed: 0x7177)
        for round in 0..<3 {
            let partial = WrapPartialDocument<PartialTimeline>()
            var start = 0
            var seen = 0
            while start < input.count {
                let end = min(input.count, start + (round == 0 ? 16 : random.below(2_000) + 1))
                try partial.append(Array(input[start..<end]))
                start = end
                let statuses = partial.model.statuses
                if let newest = statuses.last {
                    let final = whole.statuses[statuses.count - 1]
                    if newest.$id.arrival == .complete { #expect(newest.id == final.id) } else { #expect(newest.id == 0) }
                    if newest.$text.arrival == .complete { #expect(newest.text == final.text) }
                    if let prefix = newest.$text.receivedText { #expect(final.text.hasPrefix(prefix)) }
                    if newest.$screenName.arrival == .complete { #expect(newest.screenName == final.screenName) }
                    seen = statuses.count
                }
            }
            #expect(seen == whole.statuses.count)
            try partial.finish()
            #expect(try partial.model.jsonData() == whole.jsonData())
            #expect(partial.model.statuses.map(\.id) == whole.statuses.map(\.id))
            #expect(partial.model.statuses.map(\.screenName) == whole.statuses.map(\.screenName))
        }
    }

    @Test("errors: a malformed byte at once with init(parsing:)'s offset; truncated at finish; limits")
    func errors() throws {
        let malformed = #"{"title": "a", "servings": 1,, "vegan": true}"#
        var expected: WrapModelError?
        do { _ = try PartialRecipe(parsing: malformed) } catch { expected = error }
        let partial = WrapPartialDocument<PartialRecipe>()
        try partial.append(String(malformed.prefix(29)))
        #expect(partial.model.servings == 1)
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 29, kind: .badElement(expected!))) {
            try partial.append(String(malformed.dropFirst(29)))
        }
        #expect(partial.model.title == "a")   // what arrived before stays
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 29, kind: .badElement(expected!))) { try partial.finish() }

        let short = WrapPartialDocument<PartialRecipe>()
        try short.append(#"{"title": "a""#)
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 13, kind: .truncated)) { try short.finish() }

        let array = WrapPartialDocument<PartialRecipe>()
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 0, kind: .badElement(.notAnObject(found: "array")))) {
            try array.append(" [1")
        }

        let deep = WrapPartialDocument<PartialRecipe>()
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 516, kind: .nestingTooDeep(limit: 512))) {
            try deep.append(#"{"a":"# + String(repeating: "[", count: 600))
        }

        let small = WrapPartialDocument<PartialRecipe>(options: WrapStreamOptions(maxElementBytes: 10))
        try small.append(#"{"title":"#)
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: 10))) { try small.append(#""ab"}"#) }

        let strict = WrapPartialDocument<PartialRecipe>(strict: true)
        try strict.append(#"{"servings": "many"}"#)
        #expect(throws: WrapStreamError.self) { try strict.finish() }
        let done = WrapPartialDocument<PartialRecipe>()
        try done.append("{}")
        try done.finish()
        #expect(throws: WrapStreamError(elementIndex: 0, offset: 2, kind: .malformedStream(reason: "data after the end of the document"))) {
            try done.append(" ")
        }
    }

    @Test("an immutable partial model refuses writes; a mutable one keeps a write over what arrives")
    func writes() throws {
        let mutable = WrapPartialDocument<PartialWritable>(mutable: true)
        try mutable.append(#"{"name": "a"#)
        mutable.model.name = "mine"
        try mutable.append(#"b", "count": 2}"#)
        try mutable.finish()
        #expect(mutable.model.name == "mine")
        #expect(mutable.model.count == 2)
        #expect(mutable.model.isMutable)
        let immutable = WrapPartialDocument<PartialWritable>()
        #expect(!immutable.model.isMutable)
        #expect(immutable.model.copy() as AnyObject === immutable.model)
    }

    @Test("a source of text fragments: read(from:) appends each and finishes; cancelling ends it with .cancelled")
    func asyncSources() async throws {
        let fragments = ["{\"title\": \"Pa", "ncakes\", \"ser", "vings\": 2}"]
        let stream = AsyncStream<String> { continuation in
            for fragment in fragments { continuation.yield(fragment) }
            continuation.finish()
        }
        let partial = WrapPartialDocument<PartialRecipe>()
        let recipe = try await partial.read(from: stream)
        #expect(recipe.title == "Pancakes" && recipe.servings == 2)
        #expect(recipe === partial.model)

        let terminated = Atomic<Bool>(false)
        let (endless, continuation) = AsyncStream<Data>.makeStream()
        continuation.onTermination = { _ in terminated.store(true, ordering: .relaxed) }
        continuation.yield(Data(#"{"title": "x", "#.utf8))
        let waiting = WrapPartialDocument<PartialRecipe>()
        let task = Task { try await waiting.read(from: endless) }
        while waiting.byteCount == 0 { await Task.yield() }
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("a cancelled read finished")
        } catch let error as WrapStreamError {
            #expect(error.kind == .cancelled)
        }
        let released = terminated.load(ordering: .relaxed)
        #expect(released)
        #expect(waiting.model.title == "x")
    }
}

final class PartialWritable: WrapModel, @unchecked Sendable {
    @MutProperty var name: String
    @Property var count: Int
}

final class PartialTimelineStatus: WrapModel, @unchecked Sendable {
    @Property var id: Int
    @Property var text: String
    @Property("user.screen_name") var screenName: String
    @Property("retweet_count") var retweets: Int
}

final class PartialTimeline: WrapModel, @unchecked Sendable {
    @Property var statuses: [PartialTimelineStatus]
}

/// Whether a tracking scope heard a change.
private final class Heard: Sendable {
    private let flag = Atomic<Bool>(false)
    var changed: Bool { flag.load(ordering: .relaxed) }
    func track(_ read: () -> String) -> String {
        withObservationTracking(read) { [self] in flag.store(true, ordering: .relaxed) }
    }
}

@Suite("Partial documents: a piece notifies exactly what it changed")
struct PartialObservationTests {
    init() { WrapObservation.isEnabled = true }

    static let readers: [(String, @Sendable (PartialRecipe) -> String)] = [
        ("title", { $0.title }), ("servings", { "\($0.servings)" }), ("rating", { "\($0.rating.map { "\($0)" } ?? "nil")" }),
        ("vegan", { "\($0.vegan)" }), ("tags", { $0.tags.joined(separator: "|") }),
        ("steps", { $0.steps.map { "\(ObjectIdentifier($0).hashValue)" }.joined(separator: "|") }),
        ("author", { $0.author.map { "\(ObjectIdentifier($0).hashValue)" } ?? "nil" }),
        ("authorName", { $0.authorName ?? "nil" }), ("notes", { $0.notes ?? "nil" }), ("summary", { $0.summary.value ?? "nil" }),
        ("title text", { $0.$title.receivedText ?? "nil" }), ("title arrival", { "\($0.$title.arrival)" }),
        ("servings arrival", { "\($0.$servings.arrival)" }), ("notes arrival", { "\($0.$notes.arrival)" }),
        ("model arrival", { "\($0.arrival)" }),
    ]

    @Test("byte by byte: each property's observers hear a piece exactly when what they read changed")
    func notificationSets() throws {
        let bytes = Array(PartialFixture.recipe.utf8)
        let partial = WrapPartialDocument<PartialRecipe>()
        let model = partial.model
        var notified = 0
        var silentPieces = 0
        for (offset, byte) in bytes.enumerated() {
            var scopes: [(String, Heard, String, () -> String)] = []
            for (name, read) in Self.readers {
                let heard = Heard()
                scopes.append((name, heard, heard.track { read(model) }, { read(model) }))
            }
            if let step = model.steps.last {
                for (name, read) in [("last step text", { step.text }), ("last step text so far", { step.$text.receivedText ?? "nil" }),
                                     ("last step minutes", { "\(step.minutes)" }), ("last step arrival", { "\(step.arrival)" })] {
                    let heard = Heard()
                    scopes.append((name, heard, heard.track(read), read))
                }
            }
            if let author = model.author {
                let heard = Heard()
                scopes.append(("author name", heard, heard.track { author.name }, { author.name }))
            }
            try partial.append([byte])
            var any = false
            for (name, heard, before, read) in scopes {
                let after = read()
                #expect(heard.changed == (after != before),
                        "byte \(offset) (\(String(decoding: [byte], as: UTF8.self).debugDescription)): \(name) \(before.debugDescription) -> \(after.debugDescription), heard \(heard.changed)")
                if heard.changed { notified += 1; any = true }
            }
            if !any { silentPieces += 1 }
            if byte == 0x20 || byte == 0x0A {
                // Whitespace after a complete token changes nothing anybody reads.
                let previous = offset > 0 ? bytes[offset - 1] : 0
                if [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"), 0x20, 0x0A].contains(previous) {
                    #expect(!any, "whitespace at \(offset) notified")
                }
            }
        }
        try partial.finish()
        #expect(notified > 50)
        #expect(silentPieces > 100)
    }

    /// Dotted declarations are looked up again only when a piece adds a member their path names
    /// (or their value is a container still open): what each shows after every piece, read after
    /// every piece, is what a first read of the same bytes shows.
    @Test("dotted key paths into objects still arriving: after every piece, what a first read of the same bytes shows")
    func dottedPathsFollowTheirMembers() throws {
        let text = #"""
            {"user": {"id": 1, "name": "a name long enough for several pieces", "ids": [{"first": 9}],
             "profile": {"bio": "x", "color": "blue", "size": "3", "color": "green"}, "stats": {"a": 1, "b": 22},
             "screen_name": "first", "caf\u00e9": 5, "more": [1, {"screen_name": "no"}], "screen_name": "second"},
             "count": 3}
            """#
        let bytes = Array(text.utf8)
        let whole = try PartialDotted(parsing: text)
        func firstRead(_ prefix: ArraySlice<UInt8>) throws -> String {
            let fresh = WrapPartialDocument<PartialDotted>()
            try fresh.append(Array(prefix))
            return fresh.model.reading
        }
        var random = RelRandom(seed: 0xD077)
        for round in 0..<3 {
            let partial = WrapPartialDocument<PartialDotted>()
            var start = 0
            var readings: Set<String> = []
            while start < bytes.count {
                let end = min(bytes.count, start + (round == 0 ? 1 : random.below(12) + 1))
                try partial.append(Array(bytes[start..<end]))
                start = end
                let reading = partial.model.reading
                #expect(reading == (try firstRead(bytes[..<end])), "round \(round), after byte \(end)")
                readings.insert(reading)
            }
            try partial.finish()
            #expect(partial.model.reading == whole.reading)
            #expect(try partial.model.jsonData() == whole.jsonData())
            // The values did change on the way (the reads were cached and brought up to date).
            #expect(readings.count > 5, "round \(round)")
        }
        #expect(whole.screenName == "second" || whole.screenName == "first")
        #expect(whole.throughArray == nil)
        #expect(whole.accented == 5)
        #expect(whole.stats == ["a": 1, "b": 22])
    }
}
