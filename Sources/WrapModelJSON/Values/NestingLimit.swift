/// How deep the package walks nested data: the same 512 levels its JSON reader and writer accept.
///
/// Dictionaries handed to `init(data:)` can be nested arbitrarily deep; recursive walks stop here
/// rather than overflow the stack.
package enum NestingLimit {
    package static let maxDepth = 512
}
