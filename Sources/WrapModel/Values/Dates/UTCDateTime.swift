import Foundation

/// A `Date` split into the pieces the fixed formats print, always in UTC.
struct UTCDateTime: Sendable {
    var days: Int
    var date: CivilDate
    var hour: Int
    var minute: Int
    var second: Int
    /// Whole milliseconds past `second`, rounded down (0...999) after absorbing
    /// Double rounding error.
    var millisecond: Int

    /// Splits `date`, or returns nil when it is not finite or falls outside
    /// years 0001–9999, which the four-digit year fields cannot express.
    init?(_ date: Date) {
        let reference = date.timeIntervalSinceReferenceDate
        // Reject NaN/infinity and anything far outside 0001…9999 before converting
        // to Int, which would trap on overflow.
        guard reference.isFinite, abs(reference) < 4e11 else { return nil }
        // Round down to the millisecond, but first nudge up by a few ulps (about
        // 1 µs for current dates): a Date is a Double, so "1.018 s" is often stored
        // as 1.01799999…, and a Date built from epoch milliseconds or by our own
        // parser must still print .018, not .017.
        let tolerance = max(1e-6, max(abs(reference), 2e9).ulp * 4)
        let adjusted = reference + tolerance
        let wholeSeconds = adjusted.rounded(.down)
        // Exact for |adjusted| >= 1 (the true difference is a multiple of the input's
        // ulp and below 1); near 2001 an error here is far below a millisecond.
        let millis = min(999, Int(((adjusted - wholeSeconds) * 1000).rounded(.down)))

        let unixSeconds = Int(wholeSeconds) + CivilDate.unixToReferenceDateOffset
        let (quotient, remainder) = unixSeconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        guard days >= CivilDate.minimumDayNumber, days <= CivilDate.maximumDayNumber else { return nil }

        self.days = days
        self.date = CivilDate(daysSince1970: days)
        self.hour = secondOfDay / 3600
        self.minute = secondOfDay / 60 % 60
        self.second = secondOfDay % 60
        self.millisecond = millis
    }
}
