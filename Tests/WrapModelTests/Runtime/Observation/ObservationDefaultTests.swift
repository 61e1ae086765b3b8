import Foundation
import Testing
@testable import WrapModel

@Suite("Observation: where it is on by default")
struct ObservationDefaultTests {
    @Test("on macOS, an app's or an app extension's main bundle turns it on; a tool's folder does not")
    func macOSMainBundle() {
        #expect(WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/Applications/Orders.app")))
        #expect(WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/Applications/Orders.app/Contents/PlugIns/Widget.appex")))
        #expect(WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/Users/ada/Build/Orders.APP")))
        #expect(!WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/usr/local/bin")))
        #expect(!WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/Users/ada/orders/.build/debug")))
        #expect(!WrapObservation.isApplication(mainBundleURL: URL(fileURLWithPath: "/Applications/Xcode.app/Contents/Developer/usr/bin")))
    }

    @Test("this test process starts with the platform's default: off on Linux and in a macOS test runner")
    func thisProcess() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        #expect(WrapObservation.defaultSetting == true)
        #else
        #expect(WrapObservation.defaultSetting == false)
        #endif
    }
}
