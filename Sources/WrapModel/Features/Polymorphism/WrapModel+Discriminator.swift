import WrapModelJSON
extension WrapModel {
    /// Writes the discriminator of a ``WrapPolymorphic`` class as the data gave it, so output
    /// names the subclass even when no property declares the discriminator (a property that does
    /// overwrites it with its own value).
    func writeDiscriminator(into result: inout [String: Any]) {
        guard let box = classTable.selector,
              let path = box.selector.discriminatorPath,
              let stored = storage.lookup(path), !stored.isNull else { return }
        result.setValue(stored.any, atPath: path.components[...])
    }
}
