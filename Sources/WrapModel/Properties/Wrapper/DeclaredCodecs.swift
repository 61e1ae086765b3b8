/// The codecs the wrappers' initialisers declare, made by functions the inlined initialisers can
/// call: the codec types themselves stay internal, and only the first instance of a class (or a
/// declaration that differs) makes one.
@usableFromInline
enum DeclaredCodecs {
    @usableFromInline static func bool(_ output: WrapPropertyBoolOutputType) -> any WrapValueCodec<Bool> { BoolCodec(output: output) }
    @usableFromInline static func int() -> any WrapValueCodec<Int> { IntCodec() }
    @usableFromInline static func optionalInt() -> any WrapValueCodec<Int?> { WrapOptionalCodec(IntCodec()) }
    @usableFromInline static func intFromString() -> any WrapValueCodec<Int> { IntFromStringCodec() }
    @usableFromInline static func optionalIntFromString() -> any WrapValueCodec<Int?> { WrapOptionalCodec(IntFromStringCodec()) }
    @usableFromInline static func object() -> any WrapValueCodec<[String: Any]> { ObjectCodec() }
    @usableFromInline static func optionalObject() -> any WrapValueCodec<[String: Any]?> { WrapOptionalCodec(ObjectCodec()) }

    @usableFromInline
    static func convertibleEnum<E: WrapConvertibleEnum>(_: E.Type) -> any WrapValueCodec<E> { ConvertibleEnumCodec<E>() }

    @usableFromInline
    static func optionalConvertibleEnum<E: WrapConvertibleEnum>(_: E.Type) -> any WrapValueCodec<E?> {
        WrapOptionalCodec(ConvertibleEnumCodec<E>())
    }

    @usableFromInline
    static func transformer<V>(_ name: String, _: V.Type) -> any WrapValueCodec<V> { TransformerCodec<V>(name: name) }

    @usableFromInline
    static func optionalTransformer<V>(_ name: String, _: V.Type) -> any WrapValueCodec<V?> {
        WrapOptionalCodec(TransformerCodec<V>(name: name))
    }

    @usableFromInline static func optionalModel<M: WrapModel>(_: M.Type) -> any WrapValueCodec<M?> { WrapOptionalCodec(ModelCodec<M>()) }

    @usableFromInline
    static func modelArray<M: WrapModel>(_: M.Type, embedPath: String?) -> any WrapValueCodec<[M]> {
        ModelArrayCodec<M>(embedPath: KeyPathComponents(embedPath: embedPath))
    }

    @usableFromInline
    static func optionalModelArray<M: WrapModel>(_: M.Type, embedPath: String?) -> any WrapValueCodec<[M]?> {
        WrapOptionalCodec(ModelArrayCodec<M>(embedPath: KeyPathComponents(embedPath: embedPath)))
    }

    @usableFromInline
    static func modelDictionary<M: WrapModel>(_: M.Type) -> any WrapValueCodec<[String: M]> { ModelDictionaryCodec<M>() }

    @usableFromInline
    static func modelArrayDictionary<M: WrapModel>(_: M.Type) -> any WrapValueCodec<[String: [M]]> { ModelArrayDictionaryCodec<M>() }
}
