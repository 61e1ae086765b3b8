extension WrapModel {
    /// Equal current data; see ``isEqualToModel(model:)``.
    public static func == (lhs: WrapModel, rhs: WrapModel) -> Bool {
        lhs.isEqualToModel(model: rhs)
    }
}
