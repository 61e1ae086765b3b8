import Foundation
import Testing
import WrapModel

final class Settings: WrapModel, @unchecked Sendable {
    let options = WPDict("options")
    let count = WPInt("count")
}

final class OtherSettings: WrapModel, @unchecked Sendable {
    let options = WPDict("options")
    let count = WPInt("count")
}

@Suite("WrapModel equality and hashing")
struct WrapModelEqualityTests {
    @Test("Same class and equal current data: equal, with equal hashes")
    func equalModels() {
        let a = Settings(data: ["count": 2, "options": ["x": "y"], "ignored": 1], mutable: false)
        let b = Settings(data: ["count": 2, "options": ["x": "y"]], mutable: true)
        #expect(a.isEqualToModel(model: b))
        #expect(a.isEqual(b))
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(Set<NSObject>([a, b]).count == 1)
    }

    @Test("An integer and the equal double in the data compare equal and hash alike")
    func intVersusDouble() {
        let a = Settings(data: ["options": ["n": 1, "list": [2, 3.5] as [Any]] as [String: Any]], mutable: false)
        let b = Settings(data: ["options": ["n": 1.0, "list": [2.0, 3.5]] as [String: Any]], mutable: false)
        #expect(canonical(a.options.value["n"]) == "i:1")
        #expect(canonical(b.options.value["n"]) == "d:1.0")
        #expect(a == b)
        #expect(a.hash == b.hash)
        let c = Settings(data: ["options": ["n": 1.5]], mutable: false)
        #expect(a != c)
    }

    @Test("Integers above Int.max compare by their own value, never wrapped to a negative Int")
    func largeUnsignedIntegers() throws {
        let max = try #require(Settings(json: #"{"options":{"id":18446744073709551615}}"#))
        let minusOne = try #require(Settings(json: #"{"options":{"id":-1}}"#))
        let sameMax = Settings(data: ["options": ["id": UInt64.max]], mutable: false)
        let other = try #require(Settings(json: #"{"options":{"id":18446744073709551614}}"#))
        #expect(max != minusOne)
        #expect(max == sameMax)
        #expect(max.hash == sameMax.hash)
        #expect(max != other)
        let asDouble = Settings(data: ["options": ["id": Double(UInt64.max)]], mutable: false)
        #expect(max == asDouble)
        #expect(max.hash == asDouble.hash)
    }

    @Test("A boolean is not equal to the number 1")
    func boolVersusNumber() {
        let a = Settings(data: ["options": ["flag": true]], mutable: false)
        let b = Settings(data: ["options": ["flag": 1]], mutable: false)
        #expect(!(a == b))
    }

    @Test("Different classes with the same current data are equal, as in 1.3.7")
    func differentClasses() {
        let a = Settings(data: ["count": 2], mutable: false)
        let b = OtherSettings(data: ["count": 2], mutable: false)
        #expect(a.isEqualToModel(model: b))
        #expect(a.isEqual(b))
        #expect(a == b)
        #expect(a.hash == b.hash)
        let c = OtherSettings(data: ["count": 3], mutable: false)
        #expect(!a.isEqualToModel(model: c))
    }

    @Test("Writes change equality; nil and non-models are never equal")
    func mutationsAndOthers() {
        let a = Settings(data: ["count": 2], mutable: true)
        let b = Settings(data: ["count": 2], mutable: true)
        #expect(a == b)
        b.count.value = 3
        #expect(a != b)
        #expect(a.hash != b.hash)
        a.count.value = 3
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(!a.isEqualToModel(model: nil))
        #expect(!a.isEqual(nil))
        #expect(!a.isEqual("count"))
        #expect(a.isEqual(a))
    }

    @Test("Absent and default-valued non-optional properties compare by their written value")
    func absentVersusDefault() {
        let absent = Settings(data: [:], mutable: false)
        let explicit = Settings(data: ["count": 0, "options": [String: Any]()], mutable: false)
        #expect(absent == explicit)
        #expect(absent.hash == explicit.hash)
    }
}
