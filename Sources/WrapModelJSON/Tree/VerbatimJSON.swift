/// A value of a parsed document that output writes exactly as it was received: the same strings
/// (escapes included), the same number text (`1.0`, `1e2`, `-0`, 20-digit integers), the same
/// member order. Only whitespace follows the output's layout.
///
/// Lossless output places these in its tree for every part of the original data that no written
/// property touches, so posting a model back costs a copy of those bytes rather than a conversion.
/// Public (its layout known to the model library, so copies of it are not made through value
/// witnesses), with package members; the target is no product, so nothing outside this package
/// sees it.
public struct VerbatimJSON {
    @usableFromInline package let node: JSONNode

    /// The value at `node`, to be written as it was received.
    package init(node: JSONNode) { self.node = node }
}
