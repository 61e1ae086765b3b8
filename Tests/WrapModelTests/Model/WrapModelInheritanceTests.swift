import Foundation
import Testing
import WrapModel

class Vehicle: WrapModel, @unchecked Sendable {
    let wheels = WPInt("wheels")
    let make = WPStr("make")
}

class Car: Vehicle, @unchecked Sendable {
    let doors = WPInt("doors", defaultValue: 4)
}

final class Trailer: Vehicle, @unchecked Sendable {
    let plate = WPOptStr("plate")
}

final class SportsCar: Car, @unchecked Sendable {
    let topSpeed = WPDouble("specs.top_speed")
    let turbo = WPBool("specs.turbo", boolType: .tfString)
}

@Suite("Property inheritance")
struct WrapModelInheritanceTests {
    static let json = #"{"wheels": 4, "make": "Lotus", "doors": 2, "specs": {"top_speed": 250.5, "turbo": "T"}}"#

    @Test("A subclass of a subclass reads its parents' properties")
    func reads() throws {
        let car = try #require(SportsCar(json: Self.json, mutable: true))
        #expect(car.wheels.value == 4)
        #expect(car.make.value == "Lotus")
        #expect(car.doors.value == 2)
        #expect(car.topSpeed.value == 250.5)
        #expect(car.turbo.value)
    }

    @Test("A subclass of a subclass writes its parents' properties in output")
    func output() throws {
        let car = try #require(SportsCar(json: Self.json, mutable: true))
        car.make.value = "Caterham"
        car.turbo.value = false
        #expect(canonical(car.currentModelData(withNulls: false)) == canonical([
            "wheels": 4, "make": "Caterham", "doors": 2, "specs": ["top_speed": 250.5, "turbo": "F"],
        ]))
        let plain = SportsCar(data: [:], mutable: false)
        #expect(canonical(plain.currentModelData(withNulls: true)) == canonical([
            "wheels": 0, "make": "", "doors": 4, "specs": ["top_speed": 0.0, "turbo": "F"],
        ]))
    }

    @Test("Intermediate classes see only their own and their parents' properties")
    func intermediate() throws {
        let car = try #require(Car(json: Self.json))
        #expect(canonical(car.currentModelData(withNulls: false)) == canonical(["wheels": 4, "make": "Lotus", "doors": 2]))
        let vehicle = try #require(Vehicle(json: Self.json))
        #expect(canonical(vehicle.currentModelData(withNulls: false)) == canonical(["wheels": 4, "make": "Lotus"]))
    }

    @Test("A model and a subclass compare by current data: equal until the subclass's own properties add to it")
    func hierarchyEquality() throws {
        let vehicle = try #require(Vehicle(json: #"{"wheels": 2, "make": "Acme"}"#))
        let trailer = try #require(Trailer(json: #"{"wheels": 2, "make": "Acme"}"#))
        #expect(vehicle == trailer)
        #expect(trailer == vehicle)
        #expect(vehicle.hash == trailer.hash)

        let plated = try #require(Trailer(json: #"{"wheels": 2, "make": "Acme", "plate": "K-1"}"#))
        #expect(vehicle != plated)
        // A non-optional property writes its default, so a Car always carries "doors".
        let car = try #require(Car(json: #"{"wheels": 2, "make": "Acme"}"#))
        #expect(car.currentModelData(withNulls: false)["doors"] as? Int == 4)
        #expect(vehicle != car)
    }
}
