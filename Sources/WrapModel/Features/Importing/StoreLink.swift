/// A weak link from reference codecs back to their store (the store owns the link).
// @unchecked: `store` is set once, in the store's init, before any codec can read it.
final class StoreLink<Model: WrapModel>: @unchecked Sendable {
    weak var store: WrapModelStore<Model>?
}
