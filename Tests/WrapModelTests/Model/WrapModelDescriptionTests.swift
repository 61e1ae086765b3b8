import Foundation
import Testing
import WrapModel

@Suite("WrapModel description")
struct WrapModelDescriptionTests {
    final class Badge: WrapModel, @unchecked Sendable {
        let level = WPInt("level")
        let title = WPOptStr("title")
    }

    @Test("description names the class, mutability and current data as JSON with nulls")
    func description() {
        let badge = Badge(data: ["level": 3], mutable: false)
        #expect(badge.description == "Badge (immutable) {\n  \"level\" : 3,\n  \"title\" : null\n}")
        let mutable = Badge(data: ["level": 3], mutable: true)
        mutable.title.value = "Gold"
        mutable.level.value = 4
        #expect(mutable.description == "Badge (mutable) {\n  \"level\" : 4,\n  \"title\" : \"Gold\"\n}")
        #expect(String(describing: mutable) == mutable.description)
    }
}
