import Foundation
import Synchronization
import Testing
import WrapModel

final class LateProperties: WrapModel, @unchecked Sendable {
    lazy var lazyCount = WPInt("lazy_count")
    var replaced = WPStr("replaced")

    required init(data: [String: Any], mutable: Bool) {
        super.init(data: data, mutable: mutable)
        replaced = WPStr("replaced_late")   // created after super.init: no model claims it
    }
}

enum ObservedStores {
    static let people = WrapModelStore<ObservedPerson>(identityKeyPath: "id")
}

final class ObservedPerson: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
}

final class ObservedFriendship: WrapModel, @unchecked Sendable {
    @ReferenceProperty("friend", store: ObservedStores.people) var friend: ObservedPerson?
}

// A property wrapper outside a model does not compile ("@Property is declared in WrapModel
// subclasses and read through the model"): only property objects can be made outside one.
@Suite("Property objects created outside a model's initialisation are reported", .serialized)
struct PropertyMisuseTests {
    /// Runs `body` with an issue observer registered and returns the misuse reports it received.
    private func misuseReports(_ body: () -> Void) -> [WrapIssueObserver.Report] {
        let reports = Mutex<[WrapIssueObserver.Report]>([])
        WrapIssueObserver.register { report in
            if case .propertyOutsideModel = report.issue.kind { reports.withLock { $0.append(report) } }
        }
        defer { WrapIssueObserver.unregister() }
        body()
        return reports.withLock { $0 }
    }

    @Test("A lazy property object and one created after super.init are reported on first read")
    func lazyAndLateProperties() throws {
        let reports = misuseReports {
            let model = LateProperties(data: ["lazy_count": 4, "replaced": "a", "replaced_late": "b"], mutable: false)
            #expect(model.lazyCount.value == 0)
            #expect(model.replaced.value == "")
        }
        #expect(reports.map(\.issue) == [
            WrapModelIssue(keyPath: "lazy_count", kind: .propertyOutsideModel(propertyClass: "WrapPropertyInt")),
            WrapModelIssue(keyPath: "replaced_late", kind: .propertyOutsideModel(propertyClass: "WrapPropertyString")),
        ])
    }

    // Here because the issue observer is global: this suite is the one that registers it.
    @Test("A reference read while an issue observer listens stores its placeholder, as any read does")
    func observedReferenceRead() throws {
        let reports = misuseReports {
            let friendship = ObservedFriendship(data: ["friend": 41], mutable: false)
            let friend = friendship.friend
            #expect(friend?.id == 41)
            #expect(ObservedStores.people.isPlaceholder(forIdentity: 41))
            #expect(ObservedStores.people.model(forIdentity: 41) === friend)
        }
        #expect(reports.isEmpty)
    }

    @Test("Properties declared as stored properties of a model are never reported")
    func storedPropertiesAreFine() throws {
        let reports = misuseReports {
            let record = CodecRecord(data: ["id": 3], mutable: false)
            #expect(record.id == 3)
            #expect(record.nickname == nil)
        }
        #expect(reports.isEmpty)
    }
}
