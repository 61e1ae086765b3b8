import Foundation
import Testing
import WrapModel

// Fixture models for the reliability suites. Together they cover every property family: scalars,
// optionals, NSNumbers, ints from strings, dictionaries, enums (default, optional, unknown), the
// four date kinds, submodels (also recursive), model arrays and dictionaries, embedded arrays,
// dictionaries of model arrays, arrays of numbers, strings and dictionaries, groups (also over
// dotted key paths), dotted key paths and classic (non-wrapper) declarations.

/// The root of the suites below: `.serialized` keeps the CPU- and memory-heavy reliability tests
/// from running at the same time as each other (the machine may have two cores).
@Suite("Reliability", .serialized)
struct ReliabilityTests {}

/// Sums what the touch functions read, so nothing is skipped and a failure has something to show.
struct RelSink {
    var reads = 0
    var digest = 0
    /// When not nil, every value read, described type-exactly (`relDescribe`), in reading order:
    /// two models read the same values exactly when their logs are equal.
    var log: [String]?

    mutating func take<T>(_ value: T) {
        reads += 1
        if log != nil {
            log!.append(relDescribe(value))
        } else {
            digest &+= String(describing: value).utf8.count
        }
    }
}

/// A value as a property reads it, type-exact and independent of dictionary order: optionals
/// unwrapped, numbers, dates, arrays and dictionaries through `canonical`, enums by case name.
func relDescribe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return "some(" + relDescribe(wrapped) + ")"
    }
    if mirror.displayStyle == .enum { return "enum:\(value)" }
    return canonical(value)
}

/// A fixture model that can read each of its properties, recursing into the submodels it holds.
protocol RelTouchable: WrapModel {
    func touch(into sink: inout RelSink, depth: Int)
}

extension RelTouchable {
    /// Reads every declared property, recursing at most `depth` submodel levels.
    func touchAll() -> RelSink {
        var sink = RelSink()
        touch(into: &sink, depth: 6)
        return sink
    }

    /// Every value the typed properties read (recursively), described exactly, in order.
    func readings() -> [String] {
        var sink = RelSink(log: [])
        touch(into: &sink, depth: 6)
        return sink.log ?? []
    }
}

// MARK: - An order: every property family

enum RelStatus: Int, WrapConvertibleEnum, Sendable {
    case unknown, placed, shipped, delivered

    static func conversionDict() -> [String: RelStatus] {
        ["placed": .placed, "shipped": .shipped, "delivered": .delivered]
    }
}

final class RelProduct: WrapModel, RelTouchable, @unchecked Sendable {
    @StrProperty("name") var name
    @OptStrProperty("brand.name") var brandName
    @StrArrayProperty("tags") var tags

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(name); sink.take(brandName); sink.take(tags)
    }
}

final class RelLine: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("sku") var sku
    @MutDoubleProperty("price") var price
    @OptIntProperty("qty") var qty
    @FloatArrayProperty("weights") var weights
    @ModelProperty("product") var product: RelProduct?

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(sku); sink.take(price); sink.take(qty); sink.take(weights); sink.take(product == nil)
        if depth > 0 { product?.touch(into: &sink, depth: depth - 1) }
    }
}

final class RelCustomer: WrapModel, RelTouchable, @unchecked Sendable {
    @StrProperty("name") var name
    @OptIntProperty("age") var age
    @DateProperty("joined", dateType: .yyyymmddDashes) var joined
    @ModelProperty("referrer") var referrer: RelCustomer?

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(name); sink.take(age); sink.take(joined); sink.take(referrer == nil)
        if depth > 0 { referrer?.touch(into: &sink, depth: depth - 1) }
    }
}

/// Fields at the order's own level.
final class RelPrefs: WrapModel, RelTouchable, @unchecked Sendable {
    @BoolProperty("pref_email", boolType: .yesNo) var email
    @OptIntProperty("pref_level") var level

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(email); sink.take(level)
    }
}

final class RelOrder: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("id") var id
    @OptIntProperty("parent_id") var parentID
    @FloatProperty("discount") var discount
    @DoubleProperty("total") var total
    @BoolProperty("gift", boolType: .tfString) var gift
    @NumIntProperty("count") var count
    @NumFloatProperty("ratio") var ratio
    @IntStrProperty("code") var code
    @OptIntStrProperty("alt_code") var altCode
    @StrProperty("title") var title
    @OptStrProperty("note") var note
    @StrProperty("secret", serializeForOutput: false) var secret
    @DictProperty("meta") var meta
    @OptDictProperty("extra") var extra
    @EnumProperty("status", defaultEnum: .unknown) var status: RelStatus
    @OptEnumProperty("prior_status") var priorStatus: RelStatus?
    @EnumUnkProperty("channel_status", unknown: .unknown) var channelStatus: RelStatus
    @DateProperty("placed", dateType: .dibs) var placed
    @DateProperty("shipped_on", dateType: .mdySlashes) var shippedOn
    @Date8601Property("updated", options: [.withInternetDateTime, .withFractionalSeconds]) var updated
    @DateFmtProperty("stamp", dateFormatString: "yyyy.MM.dd HH:mm") var stamp
    @ModelProperty("customer") var customer: RelCustomer?
    @ModelArrayProperty("lines") var lines: [RelLine]
    @OptModelArrayProperty("returns") var returns: [RelLine]?
    @ModelDictProperty("by_sku") var bySKU: [String: RelLine]
    @OptModelDictProperty("warehouses") var warehouses: [String: RelProduct]?
    @EmbModelArrayProperty("edges", embedPath: "node.item") var edges: [RelProduct]
    @DictModelArrayProperty("groups") var lineGroups: [String: [RelLine]]
    @IntArrayProperty("ints") var ints
    @OptIntArrayProperty("opt_ints") var optInts
    @DoubleArrayProperty("doubles") var doubles
    @DictArrayProperty("raw_lines") var rawLines
    @GroupProperty() var prefs: RelPrefs
    @OptStrProperty("shipping.address.city") var city
    @IntProperty("shipping.address.zip") var zip
    let classicCount = WPInt("classic.count")
    let classicName = WPOptStr("classic.name")

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(id); sink.take(parentID); sink.take(discount); sink.take(total); sink.take(gift)
        sink.take(count); sink.take(ratio); sink.take(code); sink.take(altCode); sink.take(title)
        sink.take(note); sink.take(secret); sink.take(meta); sink.take(extra)
        sink.take(status); sink.take(priorStatus); sink.take(channelStatus)
        sink.take(placed); sink.take(shippedOn); sink.take(updated); sink.take(stamp)
        sink.take(ints); sink.take(optInts); sink.take(doubles); sink.take(rawLines)
        sink.take(city); sink.take(zip); sink.take(classicCount.value); sink.take(classicName.value)
        sink.take(classicCount.hasValue()); sink.take($status.asString())
        guard depth > 0 else { return }
        sink.take(customer == nil); sink.take(lines.count); sink.take(returns?.count); sink.take(bySKU.keys.sorted())
        sink.take(warehouses?.keys.sorted()); sink.take(edges.count); sink.take(lineGroups.keys.sorted())
        sink.take(lineGroups.keys.sorted().map { lineGroups[$0]?.count ?? -1 })
        customer?.touch(into: &sink, depth: depth - 1)
        for line in lines { line.touch(into: &sink, depth: depth - 1) }
        for line in returns ?? [] { line.touch(into: &sink, depth: depth - 1) }
        for key in bySKU.keys.sorted() { bySKU[key]?.touch(into: &sink, depth: depth - 1) }
        for key in (warehouses ?? [:]).keys.sorted() { warehouses?[key]?.touch(into: &sink, depth: depth - 1) }
        for edge in edges { edge.touch(into: &sink, depth: depth - 1) }
        for key in lineGroups.keys.sorted() {
            for line in lineGroups[key] ?? [] { line.touch(into: &sink, depth: depth - 1) }
        }
        prefs.touch(into: &sink, depth: depth - 1)
    }
}

// MARK: - Tweets (tweet.json, twitter.json statuses)

enum RelResultType: Int, WrapConvertibleEnum, Sendable {
    case unknown, recent, popular

    static func conversionDict() -> [String: RelResultType] { ["recent": .recent, "popular": .popular] }
}

final class RelMention: WrapModel, RelTouchable, @unchecked Sendable {
    @IntArrayProperty("indices") var indices
    @StrProperty("screen_name") var screenName
    @IntProperty("id") var id

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(indices); sink.take(screenName); sink.take(id)
    }
}

final class RelTwitterUser: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("screen_name") var screenName
    @IntProperty("followers_count") var followers
    @BoolProperty("verified") var verified
    @OptDoubleProperty("utc_offset") var utcOffset
    @OptStrProperty("lang") var lang
    @NumIntProperty("statuses_count") var statuses
    @DateFmtProperty("created_at", dateFormatString: "EEE MMM dd HH:mm:ss Z yyyy") var createdAt

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(id); sink.take(screenName); sink.take(followers); sink.take(verified)
        sink.take(utcOffset); sink.take(lang); sink.take(statuses); sink.take(createdAt)
    }
}

final class RelTweet: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("id") var id
    @IntStrProperty("id_str") var idString
    @StrProperty("text") var text
    @BoolProperty("truncated") var truncated
    @OptIntProperty("retweet_count") var retweetCount
    @OptIntProperty("in_reply_to_user_id") var replyTo
    @DateFmtProperty("created_at", dateFormatString: "EEE MMM dd HH:mm:ss Z yyyy") var createdAt
    @ModelProperty("user") var user: RelTwitterUser?
    @ModelArrayProperty("entities.user_mentions") var mentions: [RelMention]
    @DictArrayProperty("entities.hashtags") var hashtags
    @ModelProperty("retweeted_status") var retweeted: RelTweet?
    @OptDictProperty("coordinates") var coordinates
    @OptStrProperty("place.full_name") var placeName
    @EnumUnkProperty("metadata.result_type", unknown: .unknown) var resultType: RelResultType

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(id); sink.take(idString); sink.take(text); sink.take(truncated); sink.take(retweetCount)
        sink.take(replyTo); sink.take(createdAt); sink.take(hashtags); sink.take(coordinates)
        sink.take(placeName); sink.take(resultType)
        guard depth > 0 else { return }
        sink.take(user == nil); sink.take(mentions.count); sink.take(retweeted == nil)
        user?.touch(into: &sink, depth: depth - 1)
        for mention in mentions { mention.touch(into: &sink, depth: depth - 1) }
        retweeted?.touch(into: &sink, depth: depth - 1)
    }
}

/// `search_metadata` read through a group with dotted key paths.
final class RelSearchMeta: WrapModel, RelTouchable, @unchecked Sendable {
    @DoubleProperty("search_metadata.completed_in") var completedIn
    @IntProperty("search_metadata.count") var count
    @OptStrProperty("search_metadata.next_results") var next

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(completedIn); sink.take(count); sink.take(next)
    }
}

final class RelTimeline: WrapModel, RelTouchable, @unchecked Sendable {
    @ModelArrayProperty("statuses") var statuses: [RelTweet]
    @GroupProperty() var meta: RelSearchMeta
    @IntProperty("search_metadata.max_id") var maxID

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(maxID)
        guard depth > 0 else { return }
        sink.take(statuses.count)
        meta.touch(into: &sink, depth: depth - 1)
        for status in statuses { status.touch(into: &sink, depth: depth - 1) }
    }
}

// MARK: - GitHub events (github.json elements)

enum RelEventType: Int, WrapConvertibleEnum, Sendable {
    case unknown, push, create, watch, issues

    static func conversionDict() -> [String: RelEventType] {
        ["PushEvent": .push, "CreateEvent": .create, "WatchEvent": .watch, "IssuesEvent": .issues]
    }
}

final class RelActor: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("login") var login
    @OptStrProperty("gravatar_id") var gravatar

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(id); sink.take(login); sink.take(gravatar)
    }
}

final class RelCommit: WrapModel, RelTouchable, @unchecked Sendable {
    @StrProperty("sha") var sha
    @BoolProperty("distinct") var distinct
    @StrProperty("message") var message
    @OptStrProperty("author.email") var email

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(sha); sink.take(distinct); sink.take(message); sink.take(email)
    }
}

final class RelEvent: WrapModel, RelTouchable, @unchecked Sendable {
    @IntStrProperty("id") var id
    @EnumUnkProperty("type", unknown: .unknown) var type: RelEventType
    @BoolProperty("public") var isPublic
    @Date8601Property("created_at", options: nil) var createdAt
    @ModelProperty("actor") var actor: RelActor?
    @OptIntProperty("repo.id") var repoID
    @OptIntProperty("payload.size") var size
    @ModelArrayProperty("payload.commits") var commits: [RelCommit]
    @DictProperty("payload") var payload
    let repoName = WPStr("repo.name")

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(id); sink.take(type); sink.take(isPublic); sink.take(createdAt); sink.take(repoID)
        sink.take(size); sink.take(payload); sink.take(repoName.value)
        guard depth > 0 else { return }
        sink.take(actor == nil); sink.take(commits.count)
        actor?.touch(into: &sink, depth: depth - 1)
        for commit in commits { commit.touch(into: &sink, depth: depth - 1) }
    }
}

// MARK: - Initialisers through a generic parameter

/// The convenience initialisers are not `required`, so generic code cannot call them on a type
/// parameter; each root fixture forwards to them here.
protocol RelRootModel: RelTouchable {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> Self
    static func relParsing(_ text: String) throws(WrapModelError) -> Self
    static func relJSONData(_ data: Data?) -> Self?
    static func relJSON(_ text: String?) -> Self?
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> Self
}

extension RelOrder: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> RelOrder {
        try RelOrder(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> RelOrder { try RelOrder(parsing: text) }
    static func relJSONData(_ data: Data?) -> RelOrder? { RelOrder(jsonData: data) }
    static func relJSON(_ text: String?) -> RelOrder? { RelOrder(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> RelOrder {
        RelOrder(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}

extension RelTweet: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> RelTweet {
        try RelTweet(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> RelTweet { try RelTweet(parsing: text) }
    static func relJSONData(_ data: Data?) -> RelTweet? { RelTweet(jsonData: data) }
    static func relJSON(_ text: String?) -> RelTweet? { RelTweet(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> RelTweet {
        RelTweet(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}

extension RelEvent: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> RelEvent {
        try RelEvent(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> RelEvent { try RelEvent(parsing: text) }
    static func relJSONData(_ data: Data?) -> RelEvent? { RelEvent(jsonData: data) }
    static func relJSON(_ text: String?) -> RelEvent? { RelEvent(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> RelEvent {
        RelEvent(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}

extension RelTimeline: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> RelTimeline {
        try RelTimeline(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> RelTimeline { try RelTimeline(parsing: text) }
    static func relJSONData(_ data: Data?) -> RelTimeline? { RelTimeline(jsonData: data) }
    static func relJSON(_ text: String?) -> RelTimeline? { RelTimeline(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> RelTimeline {
        RelTimeline(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}
