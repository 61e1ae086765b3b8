import Synchronization

/// Whether models take part in Swift Observation (`withObservationTracking`, SwiftUI).
///
/// Every ``WrapModel`` and ``WrapModelStore`` is `Observable`: a read inside a tracking scope
/// registers the property read, and a write, a store merge or new data notifies the observers of
/// what changed. Registering costs a call into the Observation module on every read (in the
/// benchmark's rows (11), a cached read costs about 9 ns with it, about 2 ns without), which
/// only a UI needs, so it is switched on by default where SwiftUI exists and off elsewhere
/// (Linux servers):
///
/// ```swift
/// WrapObservation.isEnabled = true   // a Linux app or test that tracks models
/// ```
/// Set it before creating the models to observe: a model reads the setting once, when created.
/// Writes notify observers whatever the setting, at no cost to a model nobody observed.
public enum WrapObservation {
    private static let enabled = Atomic<Bool>(defaultSetting)

    #if canImport(SwiftUI)
    private static var defaultSetting: Bool { true }
    #else
    private static var defaultSetting: Bool { false }
    #endif

    /// Whether models created from now on register the reads made inside a tracking scope.
    /// Defaults to `true` where SwiftUI is available, `false` elsewhere.
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
}
