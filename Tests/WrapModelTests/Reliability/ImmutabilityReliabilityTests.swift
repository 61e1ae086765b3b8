import Foundation
import Testing
import WrapModel

// Every way of writing to an immutable model is refused: SPEC 1.1 says "writes to an immutable
// model: assert in debug, ignored in release". Debug builds check the assertion with exit tests
// (each runs in a child process that must fail); release builds check the write is ignored.

final class RelFrozenLeaf: WrapModel, @unchecked Sendable {
    @MutIntProperty("n") var n
    let classic = WPStr("s")
}

final class RelFrozenGroup: WrapModel, @unchecked Sendable {
    @MutStrProperty("g") var g
}

final class RelFrozenRoot: WrapModel, @unchecked Sendable {
    @MutIntProperty("count") var count
    @MutOptStrProperty("name") var name
    @MutDateProperty("when", dateType: .iso8601) var when
    @MutEnumProperty("status", defaultEnum: .unknown) var status: RelStatus
    @MutIntArrayProperty("ints") var ints
    let classicCount = WPInt("classic")
    let classicChild = WPModel<RelFrozenLeaf>("child")
    @MutModelProperty("child") var child: RelFrozenLeaf?
    @MutModelArrayProperty("leaves") var leaves: [RelFrozenLeaf]
    @MutModelDictProperty("byKey") var byKey: [String: RelFrozenLeaf]
    @GroupProperty() var group: RelFrozenGroup

    static func frozen() -> RelFrozenRoot {
        RelFrozenRoot(json: #"{"count": 1, "name": "a", "status": "placed", "ints": [1], "classic": 2, "g": "x", "child": {"n": 1, "s": "c"}, "leaves": [{"n": 2}], "byKey": {"k": {"n": 3}}}"#)!
    }
}

extension ReliabilityTests {
    @Suite("Reliability: Immutable models")
    struct ReliabilityImmutabilityTests {
        @Test("An immutable tree reports isMutable false everywhere; copy() returns itself, mutableCopy() is writable")
        func copies() throws {
            let frozen = RelFrozenRoot.frozen()
            #expect(!frozen.isMutable)
            #expect(frozen.child?.isMutable == false && frozen.leaves.first?.isMutable == false)
            #expect(frozen.byKey["k"]?.isMutable == false && frozen.group.isMutable == false)
            let copied = frozen.copy() as? RelFrozenRoot
            let copiedIsSelf = copied.map { ObjectIdentifier($0) == ObjectIdentifier(frozen) } ?? false
            #expect(copiedIsSelf)
            let child = try #require(frozen.child)
            let childCopy = child.copy() as? RelFrozenLeaf
            let childCopyIsSelf = childCopy.map { ObjectIdentifier($0) == ObjectIdentifier(child) } ?? false
            #expect(childCopyIsSelf)

            let thawed = try #require(frozen.mutableCopy() as? RelFrozenRoot)
            let distinct = ObjectIdentifier(thawed) != ObjectIdentifier(frozen)
            #expect(distinct)
            #expect(thawed.isMutable)
            thawed.count = 10
            thawed.classicCount.value = 20
            thawed.child?.n = 30
            thawed.leaves.first?.n = 40
            thawed.byKey["k"]?.n = 50
            thawed.group.g = "y"
            thawed.ints = [9]
            #expect(thawed.count == 10 && thawed.classicCount.value == 20 && thawed.child?.n == 30)
            #expect(thawed.leaves.first?.n == 40 && thawed.byKey["k"]?.n == 50 && thawed.group.g == "y")
            let written = thawed.currentModelData(withNulls: false)
            #expect(written["count"] as? Int == 10 && written["g"] as? String == "y")
            // The original is untouched.
            #expect(frozen.count == 1 && frozen.classicCount.value == 2 && frozen.child?.n == 1)
            #expect(frozen.leaves.first?.n == 2 && frozen.byKey["k"]?.n == 3 && frozen.group.g == "x")
            // A copy of the mutable copy is immutable again, with the written values.
            let refrozen = try #require(thawed.copy() as? RelFrozenRoot)
            #expect(!refrozen.isMutable && refrozen.count == 10 && refrozen.child?.n == 30)
            // clearMutations on an immutable model is allowed (it only drops caches).
            frozen.clearMutations()
            #expect(frozen.count == 1 && frozen.child?.n == 1)
        }

        #if DEBUG
        @Test("Wrapper setter on an immutable model asserts (debug)")
        func wrapperSetter() async {
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().count = 2 }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().name = nil }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().status = .shipped }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().when = Date() }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().ints = [] }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().leaves = [] }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().child = nil }
        }

        @Test("Classic .value = on an immutable model asserts (debug)")
        func classicValue() async {
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().classicCount.value = 3 }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().classicChild.value = nil }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().classicChild.value?.classic.value = "z" }
        }

        @Test("Writes to submodels, array elements, dictionary values and groups of an immutable tree assert (debug)")
        func submodelWrites() async {
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().child?.n = 5 }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().leaves.first?.n = 5 }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().byKey["k"]?.n = 5 }
            await #expect(processExitsWith: .failure) { RelFrozenRoot.frozen().group.g = "z" }
            await #expect(processExitsWith: .failure) { (RelFrozenRoot.frozen().copy() as! RelFrozenRoot).count = 2 }
            await #expect(processExitsWith: .failure) {
                let decoded = try? JSONDecoder().decode(RelFrozenRoot.self, from: Data(#"{"count": 1}"#.utf8))
                decoded?.count = 2   // models decoded with Codable are immutable
            }
        }

        @Test("Control: the same writes to a mutable copy exit cleanly (debug)")
        func control() async {
            await #expect(processExitsWith: .success) {
                let thawed = RelFrozenRoot.frozen().mutableCopy() as! RelFrozenRoot
                thawed.count = 2
                thawed.classicCount.value = 3
                thawed.child?.n = 5
                thawed.leaves.first?.n = 5
                thawed.byKey["k"]?.n = 5
                thawed.group.g = "z"
            }
        }
        #else
        @Test("Writes to an immutable tree are ignored (release)")
        func ignoredInRelease() {
            let frozen = RelFrozenRoot.frozen()
            frozen.count = 2
            frozen.classicCount.value = 3
            frozen.child?.n = 5
            frozen.leaves.first?.n = 5
            frozen.byKey["k"]?.n = 5
            frozen.group.g = "z"
            #expect(frozen.count == 1 && frozen.classicCount.value == 2 && frozen.child?.n == 1)
            #expect(frozen.leaves.first?.n == 2 && frozen.byKey["k"]?.n == 3 && frozen.group.g == "x")
        }
        #endif
    }
}
