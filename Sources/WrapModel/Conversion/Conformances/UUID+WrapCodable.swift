import Foundation

extension UUID: WrapCodable {
    /// UUID strings in either case; written in upper case.
    public static var wrapCodec: some WrapValueCodec<UUID> { UUIDCodec() }
}
