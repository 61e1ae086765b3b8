import Observation

/// A model's `ObservationRegistrar`, boxed so a word of its ``ModelSlots`` can hold it; made when
/// a tracked read first needs it, so a model nobody observes never has one.
final class ObservationBox: @unchecked Sendable {
    // @unchecked: ObservationRegistrar is thread-safe (it guards its observers itself).
    let registrar = ObservationRegistrar()
}
