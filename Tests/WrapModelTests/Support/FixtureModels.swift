import Foundation
import WrapModel

// Fixture models shared by several suites. Each suite declares the models only it needs itself.

/// Colours as the data spells them; `unknown` stands for "no value".
enum Shade: Int, WrapConvertibleEnum, Sendable {
    case unknown, red, green, blue

    static func conversionDict() -> [String: Shade] {
        ["red": .red, "green": .green, "blue": .blue, "crimson": .red]
    }
}

/// A small submodel: an id and a name.
final class Item: WrapModel, @unchecked Sendable {
    let id = WPInt("id")
    let name = WPStr("name")
}

/// A small submodel declared with wrappers.
final class Tag: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @MutStrProperty("label") var label
}

/// Fields that live at the owner's own level, for group tests.
final class Contact: WrapModel, @unchecked Sendable {
    let email = WPStr("contact_email")
    let optIn = WPBool("contact_opt_in", boolType: .ynString)
}

/// A person with a nested address, a group and a list of items (classic declarations).
final class Person: WrapModel, @unchecked Sendable {
    let name = WPStr("name")
    let age = WPOptInt("age")
    let secret = WPStr("secret", serializeForOutput: false)
    let address = WPModel<Address>("address")
    let contact = WPGroup<Contact>()
    let items = WPModelArray<Item>("items")
}

final class Address: WrapModel, @unchecked Sendable {
    let street = WPStr("street")
    let city = WPOptStr("city")
    let note = WPStr("note", serializeForOutput: false)
}
