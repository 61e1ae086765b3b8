import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WrapModel

@Suite("ISO8601DateCodec and FormattedDateCodec")
struct DateCodecTests {

    @Test("Default options use the fixed ISO 8601 format")
    func iso8601Default() {
        for codec in [ISO8601DateCodec(options: nil), ISO8601DateCodec(options: .withInternetDateTime)] {
            #expect(codec.date(from: "2016-11-01T21:14:33Z")?.timeIntervalSince1970 == 1_478_034_873)
            #expect(codec.date(from: "2016-11-01T23:14:33.000+02:00")?.timeIntervalSince1970 == 1_478_034_873)
            #expect(codec.date(from: "2016-11-01") == nil)
            #expect(codec.string(from: Date(timeIntervalSince1970: 1_478_034_873.9)) == "2016-11-01T21:14:33Z")
        }
    }

    @Test("Default options print dates beyond 9999 through Foundation instead of failing")
    func iso8601OutOfRange() {
        let text = ISO8601DateCodec(options: nil).string(from: Date(timeIntervalSince1970: 253_402_300_800))
        #expect(text.hasPrefix("10000-01-01"))
    }

    @Test("Other options use ISO8601DateFormatter")
    func iso8601Options() {
        let fractional = ISO8601DateCodec(options: [.withInternetDateTime, .withFractionalSeconds])
        #expect(fractional.string(from: Date(timeIntervalSince1970: 1_478_034_873.5)) == "2016-11-01T21:14:33.500Z")
        #expect(fractional.date(from: "2016-11-01T21:14:33.500Z")?.timeIntervalSince1970 == 1_478_034_873.5)

        let dateOnly = ISO8601DateCodec(options: .withFullDate)
        #expect(dateOnly.string(from: Date(timeIntervalSince1970: 1_478_034_873)) == "2016-11-01")
        #expect(dateOnly.date(from: "2016-11-01")?.timeIntervalSince1970 == 1_477_958_400)
    }

    @Test("Custom patterns use POSIX locale and UTC")
    func formatted() {
        let codec = FormattedDateCodec(format: "dd.MM.yyyy HH:mm")
        #expect(codec.string(from: Date(timeIntervalSince1970: 1_478_034_873)) == "01.11.2016 21:14")
        #expect(codec.date(from: "01.11.2016 21:14")?.timeIntervalSince1970 == 1_478_034_840)
        #expect(codec.date(from: "nonsense") == nil)

        let names = FormattedDateCodec(format: "EEEE, MMMM d, yyyy")
        #expect(names.string(from: Date(timeIntervalSince1970: 0)) == "Thursday, January 1, 1970")
        #expect(names.date(from: "Thursday, January 1, 1970")?.timeIntervalSince1970 == 0)
    }

    @Test("Eight threads share one FormattedDateCodec and get correct results")
    func formattedThreadSafety() {
        let codec = FormattedDateCodec(format: "yyyy-MM-dd HH:mm:ss")
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Each thread also creates codecs, racing on the pattern cache.
            let local = FormattedDateCodec(format: "yyyy-MM-dd HH:mm:ss")
            for step in 0..<300 {
                let epoch = TimeInterval(thread * 1_000_003 + step * 86_461)
                let date = Date(timeIntervalSince1970: epoch)
                let text = (step.isMultiple(of: 2) ? codec : local).string(from: date)
                if codec.date(from: text) != date || local.string(from: date) != text {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test("Fixed parsing is safe from many threads")
    func fixedThreadSafety() {
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<500 {
                let date = Date(timeIntervalSince1970: TimeInterval(thread * 7_777_777 + step * 3_601))
                for type in WrapDateOutputType.allCases {
                    guard let text = type.string(from: date),
                          let parsed = type.date(from: text, fallbackToOtherFormats: true),
                          type.string(from: parsed) == text
                    else {
                        failures.add(1, ordering: .relaxed)
                        continue
                    }
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}
