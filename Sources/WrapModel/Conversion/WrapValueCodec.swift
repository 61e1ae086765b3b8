import Foundation
import WrapModelJSON

/// How one value type is read from a model's data and written back: the single place a value
/// type is described.
///
/// Every built-in property type is a codec (integers, strings, dates, enums, submodels, …), and
/// a type of your own becomes a property type by writing one:
///
/// ```swift
/// struct Cents: WrapValueCodec {
///     var expectedDescription: String { "amount in cents" }
///     func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Decimal? {
///         stored.int.map { Decimal($0) / 100 }
///     }
///     func encode(_ value: Decimal, context: WrapEncodingContext) -> Any? {
///         NSDecimalNumber(decimal: value * 100).intValue
///     }
/// }
/// final class Order: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @Property("total_cents", codec: Cents()) var total: Decimal?
/// }
/// ```
///
/// A codec is a value shared by every property object that uses it, read from any thread, so it
/// is `Sendable` and should be small (a property stores it inline when it fits in three words).
public protocol WrapValueCodec<Value>: Sendable {
    /// The Swift type the codec produces.
    associatedtype Value

    /// What the data should have held, for ``WrapModel/validate()``'s wrong-type report
    /// (`"integer"`, `"ISO 8601 date string"`).
    var expectedDescription: String { get }

    /// The value for `stored`, or nil when it does not convert (the property then reads its default).
    ///
    /// Never called for absent or `null` data. A codec with a more precise complaint than "wrong
    /// type" reports it with ``WrapDecodingContext/report(_:at:)``; otherwise returning nil makes
    /// validation report a wrong type, expecting ``expectedDescription``.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Value?

    /// The value for `stored`, or `defaultValue` when it does not convert: what a property reads.
    ///
    /// Defaults to `decode(stored, context: context) ?? defaultValue`; codecs need not implement
    /// it. Properties call this entry rather than ``decode(_:context:)``: the default
    /// implementation is compiled for each codec, so a property of any value type converts without
    /// looking up the metadata of `Value?` on every read.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    ///   - defaultValue: Read when the data has no convertible value.
    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext, default defaultValue: Value) -> Value

    /// The data form of `value` (a `String`, number, `Bool`, `[Any]`, `[String: Any]` or `NSNull`),
    /// or nil for "no value": output then leaves the key out (or writes `null` when asked to).
    /// - Parameters:
    ///   - value: The property's value.
    ///   - context: How the output is being written.
    func encode(_ value: Value, context: WrapEncodingContext) -> Any?

    /// Whether `value` stands for "no value", for ``WrapProperty/hasValue()``. Defaults to false.
    /// - Parameter value: A value of the property.
    func isNoValue(_ value: Value) -> Bool
}

extension WrapValueCodec {
    /// Values are never "no value" unless a codec says so (optional codecs do for nil).
    /// - Parameter value: A value of the property.
    public func isNoValue(_ value: Value) -> Bool { false }

    /// ``decode(_:context:)``, or `defaultValue` when it gives nil.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    ///   - defaultValue: Read when the data has no convertible value.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext, default defaultValue: Value) -> Value {
        decode(stored, context: context) ?? defaultValue
    }
}

/// Codecs whose values hold models (submodels, groups, model collections). Their property copies
/// the models into a copy of the parent, and reports mutations written inside them.
protocol ModelHoldingCodec<Value>: WrapValueCodec {
    /// The class of the models held.
    var modelClass: WrapModel.Type { get }
    /// `value` with its models copied into the tree of `parent` (a copy of the original parent).
    func adopt(_ value: Value, into parent: WrapModel) -> Value
    /// Whether any model in `value` holds a written value.
    func containsMutations(_ value: Value) -> Bool
    /// Lossless output of `value`, which was read from `original` and not replaced since (only
    /// models inside it were written): what `original` holds besides the models — elements that
    /// are not objects, skipped entries, an embedded element's other members, member order — is
    /// written as it came. Nil when `original` no longer matches `value`: ``encode(_:context:)`` is used.
    func encode(_ value: Value, readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any?
    /// Calls `body` with each model in `value` (for the write hooks).
    func forEachModel(in value: Value, _ body: (WrapModel) -> Void)
    /// Whether `value` is one model (a submodel or a group), not a collection of them.
    var holdsOneModel: Bool { get }
    /// Whether `value` is a dictionary whose entries hold models (a key path reaches into it).
    var holdsModelsByKey: Bool { get }
    /// Writes `value`'s compact output (not lossless) at `depth`, each model writing its own
    /// members; false, having written nothing, when it has no data form.
    /// Defaults to writing ``encode(_:context:)``'s tree.
    func writeJSON(_ value: Value, into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool
}

extension ModelHoldingCodec {
    var holdsOneModel: Bool { false }
    var holdsModelsByKey: Bool { false }

    func writeJSON(_ value: Value, into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        guard let tree = encode(value, context: context) else { return false }
        try writer.writeValue(tree, depth: depth)
        return true
    }

    /// A single submodel's own output already starts from its original object.
    func encode(_ value: Value, readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any? { nil }
}
