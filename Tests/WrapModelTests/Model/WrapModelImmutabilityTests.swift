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

    @Test("A refused write says how to write, on a line of its own on standard error and in the assertion")
    func refusalNamesTheFixes() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let frozen = Frozen(data: ["name": "a"], mutable: false)
            frozen.name = "b"
        }
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        let message = "WrapModel: attempt to write name of an immutable Frozen: create it with mutable: true, or write to its editableCopy()"
        // Printed whole (what a release build shows, where the assertion is compiled out)…
        #expect(text.split(separator: "\n").contains { $0 == message })
        // …and the assertion's message, after its file and line.
        #expect(text.split(separator: "\n").contains { $0.hasSuffix("Fatal error: " + message) })
    }

    @Test("With an issue observer registered, a refused write goes to it instead of standard error")
    func refusalGoesToTheObserver() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            WrapIssueObserver.register { report in FileHandle.standardError.write(Data("observed \(report)\n".utf8)) }
            let frozen = Frozen(data: ["name": "a"], mutable: false)
            frozen.name = "b"
        }
        let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0 == "observed Frozen.name: write dropped: the model is immutable (create it with mutable: true, or write to its editableCopy())" })
        #expect(!lines.contains { $0.hasPrefix("WrapModel: attempt to write") })
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
