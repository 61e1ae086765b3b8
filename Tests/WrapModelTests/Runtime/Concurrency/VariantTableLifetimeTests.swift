import Dispatch
import Foundation
import Synchronization
import Testing
import WrapModel

/// A codec that holds nothing: a test keeps a weak reference to one, and sees it freed when the
/// last declaration that holds it is.
final class TrackedStringCodec: WrapValueCodec {
    var expectedDescription: String { "string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> String? { stored.string }

    func encode(_ value: String, context: WrapEncodingContext) -> Any? { value }
}

/// A model whose declaration's key and codec are read when each model is created: a model whose
/// key is not the class's first model's gets a descriptor table of its own.
final class VariantKeyed: WrapModel, @unchecked Sendable {
    /// Task-local, so that tests running at the same time each give their own.
    enum Settings {
        @TaskLocal static var key = "name"
        @TaskLocal static var codec = TrackedStringCodec()
    }

    @MutProperty(Settings.key, codec: Settings.codec, defaultValue: "") var value: String
    @Property("id") var id: Int
}

/// Makes a `VariantKeyed` over `data` whose `value` reads `key`, with a codec the caller gets a
/// weak reference to.
private func variantModel(_ data: [String: Any], key: String, mutable: Bool) -> (model: VariantKeyed, codec: Weak<TrackedStringCodec>) {
    let codec = TrackedStringCodec()
    let model = VariantKeyed.Settings.$codec.withValue(codec) {
        VariantKeyed.Settings.$key.withValue(key) { VariantKeyed(data: data, mutable: mutable) }
    }
    return (model, Weak(codec))
}

/// A weak reference that can be handed between threads.
final class Weak<T: AnyObject>: @unchecked Sendable {
    // @unchecked: a weak reference is loaded and cleared atomically by the runtime.
    weak var object: T?
    init(_ object: T) { self.object = object }
}

/// Under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`), these are checked
/// for memory safety as well as for their results.
@Suite("Concurrency: a model's own descriptor table lives and dies with the model")
struct VariantTableLifetimeConcurrencyTests {
    /// The class's first model describes the class: its key is the class's, and its codec is
    /// kept by the class's table for the life of the process.
    private func describeClass() {
        let first = VariantKeyed(data: ["name": "a", "id": 0], mutable: false)
        #expect(first.value == "a")
    }

    @Test("a model with a key of its own reads, writes and outputs it, and is freed with its table and descriptors")
    func variantFreedWithModel() throws {
        describeClass()
        weak var weakModel: VariantKeyed?
        let codec: Weak<TrackedStringCodec>
        do {
            let (model, made) = variantModel(["name": "a", "title": "b", "id": 1], key: "title", mutable: true)
            codec = made
            weakModel = model
            #expect(model.value == "b")
            model.value = "c"
            #expect(try model.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"id":1,"title":"c"}"#)
            #expect(try model.mergePatchData() == Data(#"{"title":"c"}"#.utf8))
            #expect(codec.object != nil)
        }
        #expect(weakModel == nil)
        // The codec is held by the model's own descriptor, which its own table and its slots
        // hold: freed with the model, not kept by a table no one releases.
        #expect(codec.object == nil)
        // The class's table is untouched: a model of the class's key reads as before.
        let later = VariantKeyed(data: ["name": "d", "title": "e", "id": 2], mutable: false)
        #expect(later.value == "d")
        #expect(try later.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"id":2,"name":"d"}"#)
    }

    @Test("models with keys of their own, made, read and released on two threads: each freed with its table")
    func variantsMadeAndReleasedOnTwoThreads() {
        describeClass()
        let rounds = TestScale.pick(reduced: 200, full: 2_000)
        let wrong = Atomic<Int>(0)
        let leaked = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<rounds {
                // Every other model has a table of its own; the rest borrow the class's.
                let key = round % 2 == 0 ? "title" : "name"
                var codec: Weak<TrackedStringCodec>?
                do {
                    let (model, made) = variantModel(["name": "n\(round)", "title": "t\(thread)", "id": round], key: key,
                                                     mutable: round % 4 < 2)
                    if key == "title" { codec = made }
                    let expected = key == "title" ? "t\(thread)" : "n\(round)"
                    let output = try? model.jsonString(options: [.declaredOnly, .sortedKeys])
                    if model.value != expected || model.id != round
                        || output != #"{"id":\#(round),"\#(key)":"\#(expected)"}"# {
                        wrong.add(1, ordering: .relaxed)
                    }
                }
                if codec?.object != nil { leaked.add(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(leaked.load(ordering: .relaxed) == 0)
    }
}
