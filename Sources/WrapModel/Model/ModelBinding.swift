/// What a model's property objects share: the tree's lock and the model's original data.
///
/// One object per model rather than two references per property: creating a model retains and
/// releases far less. The fields change only under the tree's write lock (new data from
/// `replaceOriginalData(_:)`) or before the model is shared (assigning `lock`).
// @unchecked: fields change only under the tree's write lock or before sharing (see above).
final class ModelBinding: @unchecked Sendable {
    @exclusivity(unchecked) var lock: WrapModelLock
    @exclusivity(unchecked) var storage: ModelStorage
    /// The class's key schedule, which properties with a member ordinal look their values up by.
    let schedule: MemberSchedule?

    init(lock: WrapModelLock, storage: ModelStorage, schedule: MemberSchedule?) {
        self.lock = lock
        self.storage = storage
        self.schedule = schedule
    }
}
