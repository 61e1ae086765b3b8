extension WrapModel {
    /// Equal current data; see ``isEqualToModel(model:)``.
    /// - Parameters:
    ///   - lhs: A model.
    ///   - rhs: Another model.
    public static func == (lhs: WrapModel, rhs: WrapModel) -> Bool {
        lhs.isEqualToModel(model: rhs)
    }
}

extension WrapModel {
    /// `currentModelData(withNulls: false)` as equality and hashing compare it, without calling
    /// `willWriteOutput()` (comparing is not writing).
    func comparableData() -> [String: Any] {
        var context = WrapEncodingContext(withNulls: false, forOutput: false)
        context.runsWriteHooks = false
        return outputDictionary(context)
    }
}
