import Foundation
import WrapModel

final class StreamItem: WrapModel, @unchecked Sendable {
    @Property var id: Int
    @Property var name: String
}

class StreamMedia: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector { .discriminator("type", ["photo": StreamPhoto.self]) }
    @Property var id: Int
}

final class StreamPhoto: StreamMedia, @unchecked Sendable {
    @Property var width: Int
}

/// Versioned: version 0 data calls the title "name".
final class StreamProduct: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static let migrations: [WrapMigration] = [.renameKey(from: "name", to: "title")]
    @Property var title: String
}

final class StreamDelta: WrapModel, @unchecked Sendable {
    @Property var text: String
}

final class StreamTweet: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("text") var text: String
    @Property("user.screen_name") var screenName: String
}

/// Helpers for the streaming tests: chunkings of a document and the forms that read them.
enum StreamFixture {
    static func resource(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// The document cut at `cut` into two chunks.
    static func split(_ bytes: [UInt8], at cut: Int) -> [[UInt8]] {
        [Array(bytes[..<cut]), Array(bytes[cut...])]
    }

    /// The document in chunks of random sizes between 1 and `maxChunk`, from a seeded generator.
    static func randomChunks(_ bytes: [UInt8], maxChunk: Int, generator: inout SeededGenerator) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let size = Int.random(in: 1...maxChunk, using: &generator)
            let end = min(bytes.count, start + size)
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        return chunks
    }

    /// What a model posts back: its input as received, so equal texts mean equal models.
    static func text(_ model: WrapModel) -> String {
        (try? model.jsonString(options: [.keepUnmodeledKeys])) ?? "<unencodable>"
    }

    /// Every model a synchronous reader gives.
    static func collect<M: WrapModel>(_ reader: WrapModelStreamReader<M>) throws(WrapStreamError) -> [M] {
        var models: [M] = []
        while let model = try reader.next() { models.append(model) }
        return models
    }

    /// The models of `chunks`, or the error that ended them with the models before it.
    static func outcome<M: WrapModel>(_ type: M.Type, _ chunks: [[UInt8]], format: WrapStreamFormat,
                                      options: WrapStreamOptions = WrapStreamOptions()) -> (texts: [String], error: WrapStreamError?) {
        let reader = M.models(streaming: chunks, format: format, options: options)
        var texts: [String] = []
        do {
            while let model = try reader.next() { texts.append(text(model)) }
            return (texts, nil)
        } catch {
            return (texts, error)
        }
    }

    /// An asynchronous sequence of the given chunks.
    static func asyncChunks(_ chunks: [[UInt8]]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for chunk in chunks { continuation.yield(Data(chunk)) }
            continuation.finish()
        }
    }

    /// An asynchronous sequence of the bytes, one at a time.
    static func asyncBytes(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
    }
}

/// A small deterministic generator (SplitMix64), so random splits are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Collects the errors a stream reports for skipped elements.
final class StreamLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [WrapStreamError] = []

    var errors: [WrapStreamError] { lock.withLock { stored } }

    @Sendable func add(_ error: WrapStreamError) { lock.withLock { stored.append(error) } }
}
