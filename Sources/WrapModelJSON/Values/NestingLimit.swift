/// How deep the package walks nested data: the same 512 levels its JSON reader and writer accept.
///
/// Dictionaries handed to `init(data:)` can be nested arbitrarily deep; recursive walks stop here
/// rather than overflow the stack.
///
/// Public, with package members, only so that the limit is a constant in the model library
/// (members of a package type are not inlined across modules); the target is no product.
public enum NestingLimit {
    @inlinable package static var maxDepth: Int { 512 }
}
