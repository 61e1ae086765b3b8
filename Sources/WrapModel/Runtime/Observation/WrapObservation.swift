import Foundation
import Synchronization

/// Whether models take part in Swift Observation (`withObservationTracking`, SwiftUI).
///
/// Every ``WrapModel`` and ``WrapModelStore`` is `Observable`: a read inside a tracking scope
/// registers the property read, and a write, a store merge or new data notifies the observers of
/// what changed. Registering costs a call into the Observation module on every read (in the
/// benchmark's rows (11), a cached read costs about 9 ns with it, about 2 ns without), which
/// only a UI needs, so it is switched on by default in apps and off elsewhere:
///
/// - iOS, iPadOS, Mac Catalyst, tvOS, watchOS and visionOS: on.
/// - macOS: on in an app or an app extension (a main bundle that is an `.app` or `.appex`), off in
///   a command-line tool or a server, whose main bundle is its executable's folder. Decided once,
///   when the setting is first read.
/// - Linux and every other system: off.
///
/// ```swift
/// WrapObservation.isEnabled = true   // a Linux program, a tool or a test that tracks models
/// ```
/// Set it before creating the models to observe: a model reads the setting once, when created.
/// Writes notify observers whatever the setting, at no cost to a model nobody observed.
public enum WrapObservation {
    private static let enabled = Atomic<Bool>(defaultSetting)

    /// The setting a process starts with (see above).
    static var defaultSetting: Bool {
        #if os(macOS)
        return isApplication(mainBundleURL: Bundle.main.bundleURL)
        #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return true
        #else
        return false
        #endif
    }

    /// Whether a process whose main bundle is at `url` is an app or an app extension, which has a
    /// UI to update. A command-line tool's main bundle is the folder its executable is in.
    static func isApplication(mainBundleURL url: URL) -> Bool {
        ["app", "appex"].contains(url.pathExtension.lowercased())
    }

    /// Whether models created from now on register the reads made inside a tracking scope.
    /// Defaults to `true` in apps and app extensions on Apple platforms, `false` in macOS
    /// command-line tools and servers and on Linux.
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
}
