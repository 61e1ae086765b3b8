import Foundation
import Testing
import WrapModel

/// Where the models of these tests are kept: the reads below release them from here, in the
/// middle of the read.
final class ReadLifetimeHolder: @unchecked Sendable {
    var wrapped: ReadLifetimeWrapped?
    var classic: ReadLifetimeClassic?
    static let shared = ReadLifetimeHolder()
}

/// A wrapper whose read modifier releases the model it is read from.
final class ReadLifetimeWrapped: WrapModel, @unchecked Sendable {
    @IntProperty("n", modifier: { value in
        ReadLifetimeHolder.shared.wrapped = nil
        return value + 1
    }) var n
    @IntProperty("m") var m
}

/// A classic property whose converter releases the model it is read from.
final class ReadLifetimeClassic: WrapModel, @unchecked Sendable {
    let n: WrapProperty<Int> = {
        let property = WrapProperty<Int>("n", defaultValue: 0)
        property.toModelConverter = { value in
            ReadLifetimeHolder.shared.classic = nil
            return (value as? Int ?? 0) * 2
        }
        return property
    }()
}

/// A cached read takes no reference to its model (it reads it out of line, unretained); a read
/// that runs the user's code (a first read's conversion, a modifier) keeps the model alive
/// itself, even when that code releases the model's last reference.
@Suite("Reads and the model's lifetime")
struct ReadLifetimeTests {
    @Test("A read modifier that releases the model's last reference still reads the model's value")
    func modifierReleasesModel() {
        weak var watch: ReadLifetimeWrapped?
        do {
            ReadLifetimeHolder.shared.wrapped = ReadLifetimeWrapped(data: ["n": 41, "m": 5], mutable: false)
            watch = ReadLifetimeHolder.shared.wrapped
            #expect(ReadLifetimeHolder.shared.wrapped?.m == 5)
            #expect(ReadLifetimeHolder.shared.wrapped?.n == 42)
        }
        #expect(ReadLifetimeHolder.shared.wrapped == nil)
        #expect(watch == nil)
    }

    @Test("A converter that releases the model's last reference during a first read still reads the value")
    func converterReleasesModel() {
        weak var watch: ReadLifetimeClassic?
        do {
            ReadLifetimeHolder.shared.classic = ReadLifetimeClassic(data: ["n": 21], mutable: false)
            watch = ReadLifetimeHolder.shared.classic
            #expect(ReadLifetimeHolder.shared.classic?.n.value == 42)
        }
        #expect(ReadLifetimeHolder.shared.classic == nil)
        #expect(watch == nil)
    }

    @Test("Cached reads of models kept only in an array, and of temporaries, read each model's own value")
    func manyModelsAndTemporaries() {
        let models = (0..<64).map { ReadLifetimeWrapped(data: ["m": $0], mutable: false) }
        var total = 0
        for _ in 0..<3 { for model in models { total += model.m } }
        #expect(total == 3 * (0..<64).reduce(0, +))
        #expect(ReadLifetimeWrapped(data: ["m": 9], mutable: false).m == 9)
        #expect(ReadLifetimeWrapped(data: ["m": 9], mutable: true).m == 9)
    }
}
