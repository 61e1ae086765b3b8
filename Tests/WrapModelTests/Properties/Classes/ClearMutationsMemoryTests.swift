import Foundation
import Testing
@testable import WrapModel

final class ClearingModel: WrapModel, @unchecked Sendable {
    @StrProperty("name") var name
    @IntProperty("count") var count
    @MutStrProperty("note") var note
}

@Suite("clearMutations() reclaims cache boxes")
struct ClearMutationsMemoryTests {
    @Test("on an immutable model, repeated clearing keeps no more than one box per property")
    func immutableBounded() throws {
        let model = try ClearingModel(parsing: #"{"name":"a","count":2,"note":"n"}"#)
        for _ in 0..<10_000 {
            #expect(model.name == "a")
            _ = model.count
            model.clearMutations()
        }
        #expect(model.retiredCacheBoxCount == 0)
        #expect(model.name == "a")
        #expect(model.count == 2)
    }

    @Test("an immutable copy carrying written values drops them once, then stays bounded")
    func immutableCopyWithMutations() throws {
        let source = try ClearingModel(parsing: #"{"name":"a","count":2,"note":"n"}"#, mutable: true)
        source.note = "written"
        let copy = ClearingModel(asCopyOf: source, withMutations: true, mutable: false)
        #expect(copy.note == "written")
        for _ in 0..<1_000 { copy.clearMutations(); _ = copy.note }
        #expect(copy.note == "n")
        #expect(copy.retiredCacheBoxCount == 1)
    }

    @Test("on a mutable model, writing and clearing keeps at most the retired limit of boxes per property")
    func mutableBounded() throws {
        let model = try ClearingModel(parsing: #"{"note":"n"}"#, mutable: true)
        for index in 0..<1_000 {
            model.note = "\(index)"
            #expect(model.note == "\(index)")
            model.clearMutations()
        }
        #expect(model.note == "n")
        #expect(model.retiredCacheBoxCount == WrapProperty<String>.retiredLimit)
    }

    @Test("a mutable model's first writes retire the boxes they replace, one each")
    func mutableRetiresBelowTheLimit() throws {
        let model = try ClearingModel(parsing: #"{"note":"n"}"#, mutable: true)
        #expect(model.note == "n")
        #expect(model.retiredCacheBoxCount == 0)
        model.note = "a"
        #expect(model.retiredCacheBoxCount == 1)
        model.note = "b"
        #expect(model.note == "b")
        #expect(model.retiredCacheBoxCount == 2)
    }
}
