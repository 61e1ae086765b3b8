extension Array: WrapCodable where Element: WrapCodable {
    /// Element by element; elements that do not convert are left out (and reported).
    public static var wrapCodec: WrapArrayCodec<Element.WrapCodec> { WrapArrayCodec(Element.wrapCodec) }
}
