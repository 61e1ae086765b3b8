import Foundation
import WrapModel

// The same 14 status fields and 16 user fields, once as WrapModel classes and once as Codable
// structs, so both sides do the same work.

final class TwitterUser: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("id_str") var idStr
    @StrProperty("name") var name
    @StrProperty("screen_name") var screenName
    @StrProperty("location") var location
    @StrProperty("description") var bio
    @OptStrProperty("url") var url
    @BoolProperty("protected") var isProtected
    @IntProperty("followers_count") var followers
    @IntProperty("friends_count") var friends
    @IntProperty("listed_count") var listed
    @StrProperty("created_at") var createdAt
    @IntProperty("favourites_count") var favourites
    @OptIntProperty("utc_offset") var utcOffset
    @BoolProperty("verified") var verified
    @IntProperty("statuses_count") var statuses
}

final class TwitterStatus: WrapModel, @unchecked Sendable {
    @StrProperty("created_at") var createdAt
    @IntProperty("id") var id
    @StrProperty("id_str") var idStr
    @StrProperty("text") var text
    @StrProperty("source") var source
    @BoolProperty("truncated") var truncated
    @OptIntProperty("in_reply_to_status_id") var replyToStatus
    @OptIntProperty("in_reply_to_user_id") var replyToUser
    @OptStrProperty("in_reply_to_screen_name") var replyToScreenName
    @ModelProperty("user") var user: TwitterUser?
    @IntProperty("retweet_count") var retweets
    @IntProperty("favorite_count") var favorites
    @BoolProperty("favorited") var favorited
    @StrProperty("lang") var lang
}

final class TwitterTimeline: WrapModel, @unchecked Sendable {
    @ModelArrayProperty("statuses") var statuses: [TwitterStatus]
}

struct CodableUser: Codable {
    let id: Int
    let id_str: String
    let name: String
    let screen_name: String
    let location: String
    let description: String
    let url: String?
    let protected: Bool
    let followers_count: Int
    let friends_count: Int
    let listed_count: Int
    let created_at: String
    let favourites_count: Int
    let utc_offset: Int?
    let verified: Bool
    let statuses_count: Int
}

struct CodableStatus: Codable {
    let created_at: String
    let id: Int
    let id_str: String
    let text: String
    let source: String
    let truncated: Bool
    let in_reply_to_status_id: Int?
    let in_reply_to_user_id: Int?
    let in_reply_to_screen_name: String?
    let user: CodableUser
    let retweet_count: Int
    let favorite_count: Int
    let favorited: Bool
    let lang: String
}

struct CodableTimeline: Codable {
    let statuses: [CodableStatus]
}

/// Reads every declared field once, so the optimiser cannot drop the reads.
func readAllFields(_ status: TwitterStatus) -> Int {
    var total = status.createdAt.utf8.count &+ status.id &+ status.idStr.utf8.count &+ status.text.utf8.count
    total &+= status.source.utf8.count &+ (status.truncated ? 1 : 0) &+ (status.replyToStatus ?? 0)
    total &+= (status.replyToUser ?? 0) &+ (status.replyToScreenName?.utf8.count ?? 0) &+ status.retweets
    total &+= status.favorites &+ (status.favorited ? 1 : 0) &+ status.lang.utf8.count
    if let user = status.user {
        total &+= user.id &+ user.idStr.utf8.count &+ user.name.utf8.count &+ user.screenName.utf8.count
        total &+= user.location.utf8.count &+ user.bio.utf8.count &+ (user.url?.utf8.count ?? 0)
        total &+= (user.isProtected ? 1 : 0) &+ user.followers &+ user.friends &+ user.listed
        total &+= user.createdAt.utf8.count &+ user.favourites &+ (user.utcOffset ?? 0)
        total &+= (user.verified ? 1 : 0) &+ user.statuses
    }
    return total
}

func readAllFields(_ status: CodableStatus) -> Int {
    var total = status.created_at.utf8.count &+ status.id &+ status.id_str.utf8.count &+ status.text.utf8.count
    total &+= status.source.utf8.count &+ (status.truncated ? 1 : 0) &+ (status.in_reply_to_status_id ?? 0)
    total &+= (status.in_reply_to_user_id ?? 0) &+ (status.in_reply_to_screen_name?.utf8.count ?? 0) &+ status.retweet_count
    total &+= status.favorite_count &+ (status.favorited ? 1 : 0) &+ status.lang.utf8.count
    let user = status.user
    total &+= user.id &+ user.id_str.utf8.count &+ user.name.utf8.count &+ user.screen_name.utf8.count
    total &+= user.location.utf8.count &+ user.description.utf8.count &+ (user.url?.utf8.count ?? 0)
    total &+= (user.protected ? 1 : 0) &+ user.followers_count &+ user.friends_count &+ user.listed_count
    total &+= user.created_at.utf8.count &+ user.favourites_count &+ (user.utc_offset ?? 0)
    total &+= (user.verified ? 1 : 0) &+ user.statuses_count
    return total
}
