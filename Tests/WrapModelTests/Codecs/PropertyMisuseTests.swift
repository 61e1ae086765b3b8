import Foundation
import Synchronization
import Testing
import WrapModel

/// A type that is not a model, declaring a wrapper anyway.
struct NotAModel {
    @Property("stray_key") var stray: Int
}

final class LateProperties: WrapModel, @unchecked Sendable {
    lazy var lazyCount = WPInt("lazy_count")
    var replaced = WPStr("replaced")

    required init(data: [String: Any], mutable: Bool) {
        super.init(data: data, mutable: mutable)
        replaced = WPStr("replaced_late")   // created after super.init: no model claims it
    }
}

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

    @Test("A wrapper in a type that is not a model reports its key path and class, once")
    func wrapperOutsideModel() {
        let reports = misuseReports {
            let stray = NotAModel()
            #expect(stray.stray == 0)
            #expect(stray.stray == 0)
        }
        #expect(reports.map(\.description) == [
            "(no model).stray_key: WrapProperty<Int> created outside a model's initialisation reads only its default",
        ])
    }

    @Test("A wrapper outside a model frees its property object with itself: nothing is leaked")
    func wrapperOutsideModelIsFreed() {
        weak var object: WrapProperty<Int>?
        let reports = misuseReports {
            do {
                let stray = NotAModel()
                object = stray.$stray
                #expect(stray.stray == 0)
            }
            // The next model built on this thread forgets announced objects nothing holds.
            #expect(CodecRecord(data: ["id": 1], mutable: false).id == 1)
        }
        #expect(object == nil)
        #expect(reports.count == 1)
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
