import WrapModelJSON
extension OrderedObject {
    /// The original data of a model, every member kept as it came; `keysArePlain` when the
    /// model already knows whether its object's keys are plain.
    init(storage: ModelStorage, keysArePlain: Bool? = nil) {
        if let node = storage.jsonObject {
            self.init(node: node, keysArePlain: keysArePlain)
        } else {
            self.init(dictionary: storage.originalData)
        }
    }
}
