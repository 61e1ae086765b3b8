import Foundation
import WrapModelJSON

/// ``ModelHoldingCodec``'s operations on a value typed as the property holding the codec types
/// it (`V`, which is `Value`), for a codec reached as `any ModelHoldingCodec`.
///
/// A property finds its codec's model hooks with a cast; casting to `any ModelHoldingCodec<T>`
/// checks the associated type at run time by demangling it, on every call (measured at a third
/// of compact JSON output of models with one submodel), while the plain protocol is one cached
/// conformance lookup. The property only holds a model codec whose `Value` is its own type.
extension ModelHoldingCodec {
    private func typed<V>(_ value: V) -> Value {
        assert(V.self == Value.self, "a model codec's value is its property's type")
        return unsafeBitCast(value, to: Value.self)
    }

    func adopt<V>(propertyValue value: V, into parent: WrapModel) -> V {
        unsafeBitCast(adopt(typed(value), into: parent), to: V.self)
    }

    func containsMutations<V>(propertyValue value: V) -> Bool { containsMutations(typed(value)) }

    func encode<V>(propertyValue value: V, readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any? {
        encode(typed(value), readFrom: original, context: context)
    }

    func forEachModel<V>(inPropertyValue value: V, _ body: (WrapModel) -> Void) { forEachModel(in: typed(value), body) }

    func writeJSON<V>(propertyValue value: V, into writer: inout JSONWriter, context: WrapEncodingContext,
                      depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        try writeJSON(typed(value), into: &writer, context: context, depth: depth)
    }
}
