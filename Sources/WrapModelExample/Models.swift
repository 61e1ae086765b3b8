import WrapModel

/// The membership tiers the API sends as strings.
enum Tier: Int, WrapConvertibleEnum {
    case unknown, basic, silver, gold

    static func conversionDict() -> [String: Tier] {
        ["basic": .basic, "silver": .silver, "gold": .gold]
    }
}

final class Address: WrapModel, @unchecked Sendable {
    @StrProperty("street") var street
    @MutStrProperty("city") var city
    @OptStrProperty("postal_code") var postalCode
}

final class Purchase: WrapModel, @unchecked Sendable {
    @StrProperty("sku") var sku
    @StrProperty("title") var title
    @DoubleProperty("price") var price
    @IntProperty("quantity", defaultValue: 1) var quantity
    @DateProperty("purchased", dateType: .yyyymmddSlashes) var purchased
}

/// Communication preferences sit at the customer's own level in the data.
final class CommPrefs: WrapModel, @unchecked Sendable {
    @BoolProperty("pref_email", boolType: .yesNo) var email
    @MutBoolProperty("pref_sms", boolType: .ynString) var sms
}

final class Customer: WrapModel, @unchecked Sendable {
    @MutIntProperty("customer_identifier") var custNumber
    @StrProperty("first_name") var firstName
    @MutStrProperty("last_name") var lastName
    @EnumProperty("tier", defaultEnum: Tier.unknown) var tier
    @MutDateProperty("date_joined", dateType: .iso8601) var joined
    @DateProperty("last_login", dateType: .dibs) var lastLogin
    @ModelProperty("address") var address: Address?
    @GroupProperty() var prefs: CommPrefs
    @IntStrProperty("loyalty.points") var loyaltyPoints
    @StrProperty("internal_notes", serializeForOutput: false) var notes
    @OptStrProperty("referrer") var referrer
    let purchases = WPModelArray<Purchase>("purchases")   // a classic declaration, read with .value
}
