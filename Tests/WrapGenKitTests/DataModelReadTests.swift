import Foundation
import Testing
import WrapModel

/// Reads data through the classes generated from the Zoo and Aquarium data models (golden files):
/// named transformers, State types that become dictionaries and arrays, State defaults.
@Suite struct DataModelReadTests {
    /// Each test registers the transformers it reads with; the names are unique to these models.
    private static func registerZooTransformers() {
        WrapValueTransformers.register(name: "ZooUnixDate", forward: { ($0 as? Int).map { Date(timeIntervalSince1970: Double($0)) } },
                                       reverse: { ($0 as? Date).map { Int($0.timeIntervalSince1970) } })
        WrapValueTransformers.register(name: "ZooUppercase", forward: { ($0 as? String)?.uppercased() })
        WrapValueTransformers.register(name: "ZooPoundsToKilograms", forward: { ($0 as? Double).map { $0 * 0.5 } },
                                       reverse: { ($0 as? Double).map { $0 * 2 } })
        WrapValueTransformers.register(name: "ZooGenderCode", forward: { ($0 as? Int).flatMap { Gender(rawValue: $0) } },
                                       reverse: { ($0 as? Gender)?.rawValue })
    }

    private static let animalJSON = """
        {
          "name": "Ada", "born": 1478034873, "nickname": "addie", "weight_lb": 300.0, "gender": "M",
          "feeding_times": { "breakfast": 8, "dinner": 18 }, "tags": ["grey", "large"],
          "location": { "lat": 51.5, "lng": -0.1 }, "measurements": [[1, 2.5], [3, 4]],
          "photos": { "front": "https://example.com/a.jpg" }, "size_class": 4,
          "keeper": { "name": "Grace", "favourite": 1, "shifts": ["early"],
                      "animals_by_id": { "7": { "name": "Bob" } } }
        }
        """

    @Test func transformersConvertReadsAndWrites() throws {
        Self.registerZooTransformers()
        let animal = try #require(Animal(json: Self.animalJSON, mutable: true))
        #expect(animal.born == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(animal.nickname == "ADDIE")
        #expect(animal.weight == 150.0)
        #expect(animal.keeper?.favourite == .male)

        animal.weight = 10
        animal.born = Date(timeIntervalSince1970: 86_400)
        let data = animal.currentModelData(withNulls: false)
        #expect(data["weight_lb"] as? Double == 20)
        #expect(data["born"] as? Int == 86_400)
    }

    @Test func stateTypesReadTheData() throws {
        Self.registerZooTransformers()
        let animal = try #require(Animal(json: Self.animalJSON))
        #expect(animal.feedingTimes?["breakfast"] as? Int == 8)
        #expect(animal.feedingTimes?["dinner"] as? Int == 18)
        #expect(animal.tags == ["grey", "large"])
        #expect(animal.location?["lat"] as? Double == 51.5)
        #expect(animal.measurements == [[1.0, 2.5], [3.0, 4.0]])
        #expect(animal.photos?["front"] as? String == "https://example.com/a.jpg")
        #expect(animal.sizeClass == 4)
        #expect(animal.gender == .male)
        let keeper = try #require(animal.keeper)
        #expect(keeper.shifts == ["early"])
        #expect(keeper.animalsByID?["7"]?.name == "Bob")
        // Everything of Ada converts; Bob, the keeper's other animal, lacks his non-optional values.
        #expect(animal.validate().map(\.description) == [
            "keeper.animals_by_id.7.gender: missing value", "keeper.animals_by_id.7.size_class: missing value",
            "keeper.animals_by_id.7.tags: missing value", "keeper.animals_by_id.7.weight_lb: missing value",
        ])
    }

    @Test func stateDefaultsApplyWhenTheDataHasNoValue() {
        let animal = Animal()
        #expect(animal.gender == .female)   // State.Value Gender.female
        #expect(animal.sizeClass == 2)      // defaultValueString
        #expect(animal.tags == [])
        #expect(Fish().water.value == .fresh)   // State.Value .fresh
    }

    @Test func classicTransformedDeclarations() throws {
        WrapValueTransformers.register(name: "AquariumFahrenheit", forward: { ($0 as? Double).map { ($0 - 32) * 5 / 9 } },
                                       reverse: { ($0 as? Double).map { $0 * 9 / 5 + 32 } })
        WrapValueTransformers.register(name: "AquariumUnixDate", forward: { ($0 as? Int).map { Date(timeIntervalSince1970: Double($0)) } })
        WrapValueTransformers.register(name: "AquariumWaterCode", forward: { ($0 as? String).flatMap { $0 == "S" ? Water.salt : $0 == "F" ? Water.fresh : nil } })
        let json = """
            { "temp_f": 77.0, "installed": 86400, "water": "F", "readings": { "ph": 8.1 },
              "residents": [{ "species": "Clownfish", "water": "salt" }], "inventory": ["net", 2],
              "fish_by_name": { "nemo": { "species": "Clownfish" } } }
            """
        let tank = try #require(Tank(json: json))
        #expect(tank.temperature.value == 25.0)
        #expect(tank.installed.value == Date(timeIntervalSince1970: 86_400))
        #expect(tank.water.value == .fresh)
        #expect(tank.readings.value["ph"] as? Double == 8.1)
        #expect(tank.residents.value.map(\.species.value) == ["Clownfish"])
        #expect(tank.residents.value.map(\.water.value) == [.salt])
        #expect(tank.inventory.value?.count == 2)
        #expect(tank.fishByName.value?["nemo"]?.water.value == .fresh)

        let empty = Tank()
        #expect(empty.temperature.value == 24.0)   // defaultValueString
        #expect(empty.water.value == .salt)         // State.Value Water.salt
        #expect(empty.installed.value == nil)
    }
}
