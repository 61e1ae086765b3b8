import Foundation
import WrapModel

/// The membership tiers the API sends as strings.
enum Tier: Int, WrapConvertibleEnum {
    case unknown, basic, silver, gold

    static func conversionDict() -> [String: Tier] {
        ["basic": .basic, "silver": .silver, "gold": .gold]
    }
}

/// The API's keys are snake_case: a property without a key reads its name in snake_case
/// (`postalCode` reads `"postal_code"`). Subclasses inherit the naming.
///
/// `NonisolatedModel` keeps the class off the main actor in an app target whose default isolation
/// is the main actor (Xcode 26's template); its subclasses name the next step, `NonisolatedModel2`,
/// since Swift refuses a subclass restating its parent's protocol.
class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }
}

final class Address: APIModel, NonisolatedModel2, @unchecked Sendable {
    @Property var street: String
    @MutProperty var city: String
    @Property var postalCode: String?
}

final class Purchase: APIModel, NonisolatedModel2, @unchecked Sendable {
    @Property var sku: String
    @Property var title: String
    @Property var price: Double
    @Property(defaultValue: 1) var quantity: Int
    @Property(date: .yyyymmddSlashes) var purchased: Date?
}

/// Communication preferences sit at the customer's own level in the data.
final class CommPrefs: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property("pref_email", boolType: .yesNo) var email: Bool
    @MutProperty("pref_sms", boolType: .ynString) var sms: Bool
}

final class Customer: APIModel, NonisolatedModel2, @unchecked Sendable {
    @MutProperty("customer_identifier") var custNumber: Int     // an explicit key always wins
    @Property var firstName: String
    @MutProperty var lastName: String
    @Property(defaultValue: .unknown) var tier: Tier
    @MutProperty("date_joined", date: .iso8601) var joined: Date?
    @Property(date: .dibs) var lastLogin: Date?
    @Property var address: Address?
    @GroupProperty() var prefs: CommPrefs                      // no @Property spelling for groups
    @Property("loyalty.points", asString: true) var loyaltyPoints: Int
    @Property("internal_notes", serializeForOutput: false) var notes: String
    @Property var referrer: String?
    @Property var purchases: [Purchase]
}
