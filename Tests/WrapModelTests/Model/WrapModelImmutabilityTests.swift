import Foundation
import Testing
import WrapModel

final class Frozen: WrapModel, @unchecked Sendable {
    let count = WPInt("count")
    @MutStrProperty("name") var name
    let child = WPModel<Frozen>("child")
}

@Suite("Writing to immutable models")
struct WrapModelImmutabilityTests {
    @Test("Immutable models and their submodels report isMutable false")
    func flags() throws {
        let frozen = try #require(Frozen(json: #"{"count": 1, "child": {"count": 2}}"#))
        #expect(!frozen.isMutable)
        #expect(frozen.child.value?.isMutable == false)
        #expect(frozen.child.value?.lock === frozen.lock)
    }

    #if DEBUG
    @Test("Writing a property of an immutable model asserts in debug builds")
    func writeAsserts() async {
        await #expect(processExitsWith: .failure) {
            let frozen = Frozen(data: ["count": 1], mutable: false)
            frozen.count.value = 2
        }
    }

    @Test("Writing through a Mut wrapper of an immutable model asserts in debug builds")
    func wrapperWriteAsserts() async {
        await #expect(processExitsWith: .failure) {
            let frozen = Frozen(data: ["name": "a"], mutable: false)
            frozen.name = "b"
        }
    }

    @Test("Writing a submodel of an immutable model asserts in debug builds")
    func submodelWriteAsserts() async {
        await #expect(processExitsWith: .failure) {
            let frozen = Frozen(data: ["child": ["count": 1]], mutable: false)
            frozen.child.value?.count.value = 5
        }
    }

    @Test("The exit-test harness itself sees a clean exit as success")
    func controlNoAssert() async {
        await #expect(processExitsWith: .success) {
            let thawed = Frozen(data: ["count": 1], mutable: true)
            thawed.count.value = 2
            thawed.name = "b"
        }
    }
    #endif
}
