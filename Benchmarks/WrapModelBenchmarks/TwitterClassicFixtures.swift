import WrapModel

// The same 14 status fields and 16 user fields as `TwitterStatus` / `TwitterUser`, declared the
// 1.3.7 way (`let id = WPInt("id")`), so both declaration styles are measured.

final class ClassicTwitterUser: WrapModel, @unchecked Sendable {
    let id = WPInt("id")
    let idStr = WPStr("id_str")
    let name = WPStr("name")
    let screenName = WPStr("screen_name")
    let location = WPStr("location")
    let bio = WPStr("description")
    let url = WPOptStr("url")
    let isProtected = WPBool("protected")
    let followers = WPInt("followers_count")
    let friends = WPInt("friends_count")
    let listed = WPInt("listed_count")
    let createdAt = WPStr("created_at")
    let favourites = WPInt("favourites_count")
    let utcOffset = WPOptInt("utc_offset")
    let verified = WPBool("verified")
    let statuses = WPInt("statuses_count")
}

final class ClassicTwitterStatus: WrapModel, @unchecked Sendable {
    let createdAt = WPStr("created_at")
    let id = WPInt("id")
    let idStr = WPStr("id_str")
    let text = WPStr("text")
    let source = WPStr("source")
    let truncated = WPBool("truncated")
    let replyToStatus = WPOptInt("in_reply_to_status_id")
    let replyToUser = WPOptInt("in_reply_to_user_id")
    let replyToScreenName = WPOptStr("in_reply_to_screen_name")
    let user = WPModel<ClassicTwitterUser>("user")
    let retweets = WPInt("retweet_count")
    let favorites = WPInt("favorite_count")
    let favorited = WPBool("favorited")
    let lang = WPStr("lang")
}

final class ClassicTwitterTimeline: WrapModel, @unchecked Sendable {
    let statuses = WPModelArray<ClassicTwitterStatus>("statuses")
}

/// Reads every declared field once, so the optimiser cannot drop the reads.
func readAllFields(_ status: ClassicTwitterStatus) -> Int {
    var total = status.createdAt.value.utf8.count &+ status.id.value &+ status.idStr.value.utf8.count
    total &+= status.text.value.utf8.count &+ status.source.value.utf8.count &+ (status.truncated.value ? 1 : 0)
    total &+= (status.replyToStatus.value ?? 0) &+ (status.replyToUser.value ?? 0)
    total &+= (status.replyToScreenName.value?.utf8.count ?? 0) &+ status.retweets.value
    total &+= status.favorites.value &+ (status.favorited.value ? 1 : 0) &+ status.lang.value.utf8.count
    if let user = status.user.value {
        total &+= user.id.value &+ user.idStr.value.utf8.count &+ user.name.value.utf8.count
        total &+= user.screenName.value.utf8.count &+ user.location.value.utf8.count
        total &+= user.bio.value.utf8.count &+ (user.url.value?.utf8.count ?? 0)
        total &+= (user.isProtected.value ? 1 : 0) &+ user.followers.value &+ user.friends.value
        total &+= user.listed.value &+ user.createdAt.value.utf8.count &+ user.favourites.value
        total &+= (user.utcOffset.value ?? 0) &+ (user.verified.value ? 1 : 0) &+ user.statuses.value
    }
    return total
}
