import Foundation
import Testing
import WrapModel

@Suite("Streaming: asynchronous sources, stores and cancellation")
struct StreamingAsyncTests {
    static let document = #"[{"id": 1, "name": "a"}, {"id": 2}, {"id": 1, "name": "b"}, 5, {"name": "no id"}]"#

    @Test("Byte, Data and [UInt8] sequences give the same models")
    func forms() async throws {
        let bytes = Array(#"{"items": [{"id": 1}, {"id": 2}]}"#.utf8)
        var fromBytes: [Int] = []
        for try await item in StreamItem.models(streaming: StreamFixture.asyncBytes(bytes), format: .array(at: "items")) { fromBytes.append(item.id) }
        var fromData: [Int] = []
        for try await item in StreamItem.models(streaming: StreamFixture.asyncChunks([bytes]), format: .array(at: "items")) { fromData.append(item.id) }
        let (arrays, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuation.yield(Array(bytes[..<9]))
        continuation.yield(Array(bytes[9...]))
        continuation.finish()
        var fromArrays: [Int] = []
        for try await item in StreamItem.models(streaming: arrays, format: .array(at: "items")) { fromArrays.append(item.id) }
        #expect(fromBytes == [1, 2] && fromData == [1, 2] && fromArrays == [1, 2])
    }

    @Test("A store imports a stream with the report of a whole-document import")
    func storeImport() async throws {
        let whole = WrapModelStore<StreamItem>(identityKeyPath: "id")
        let expected = try whole.import(Self.document)
        let streamed = WrapModelStore<StreamItem>(identityKeyPath: "id")
        let bytes = Array(Self.document.utf8)
        let result = try await streamed.import(streaming: StreamFixture.asyncChunks(StreamFixture.split(bytes, at: 30)))
        #expect(result.models.map(\.id) == expected.models.map(\.id))
        #expect(result.models[0] === result.models[2])
        #expect(result.issues == expected.issues)
        #expect(result.issues.map(\.keyPath) == ["[3]", "[4].id"])
        #expect((result.insertedCount, result.updatedCount) == (expected.insertedCount, expected.updatedCount))
        #expect((result.insertedCount, result.updatedCount) == (2, 1))
        #expect(streamed.model(forIdentity: 1)?.name == "b")

        // A malformed element ends the import with its error; what came before is stored.
        let broken = WrapModelStore<StreamItem>(identityKeyPath: "id")
        await #expect(throws: WrapStreamError(elementIndex: 2, offset: 21, kind: .badElement(.malformedJSON(reason: "unexpected end of input", offset: 1)))) {
            try await broken.import(streaming: StreamFixture.asyncBytes(Array("{\"id\": 1}\n{\"id\": 2}\n{\n".utf8)), format: .jsonLines)
        }
        #expect(broken.count == 2)
    }

    @Test("Cancelling the task ends the iteration and releases the source")
    func cancellation() async throws {
        let released = StreamLog()
        let (source, continuation) = AsyncStream<Data>.makeStream()
        continuation.onTermination = { _ in released.add(WrapStreamError(elementIndex: -1, offset: -1, kind: .cancelled)) }
        continuation.yield(Data(#"[{"id": 1}, "#.utf8))
        let arrived = StreamLog()
        let task: Task<([Int], WrapStreamError?), Never> = Task {
            var ids: [Int] = []
            do {
                for try await item in StreamItem.models(streaming: source) {
                    ids.append(item.id)
                    arrived.add(WrapStreamError(elementIndex: item.id, offset: 0, kind: .truncated))
                }
                return (ids, WrapStreamError?.none)
            } catch {
                return (ids, error as? WrapStreamError)
            }
        }
        // The first model arrives; the source then waits for more bytes, which never come.
        while arrived.errors.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let (ids, error) = await task.value
        #expect(ids == [1])
        #expect(error?.kind == .cancelled)
        #expect(released.errors.count == 1)
    }
}
