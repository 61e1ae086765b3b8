import Foundation

/// Says in a few words why reading or writing a file failed, for ``WrapModelError/unreadable(_:reason:)``
/// and ``WrapModelError/unwritable(_:reason:)``: `String(describing:)` of Foundation's error is a
/// dump of its domain, code and user info, which tells a user less than "permission denied".
enum FileErrorReason {
    /// The reason for `error`, from its POSIX error code where Foundation gives one (directly or
    /// as the underlying error), else from its Cocoa file error code.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let code = posixCode(nsError) { return describe(posixCode: code) }
        guard nsError.domain == NSCocoaErrorDomain else { return nsError.localizedDescription }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileWriteInvalidFileName, .fileReadInvalidFileName: return "invalid file name"
        case .fileWriteFileExists: return "a file is in the way"
        case .fileReadTooLarge: return "file too large"
        default: return nsError.localizedDescription
        }
    }

    /// The reason for a POSIX error code; `strerror`'s text, lower-cased, for codes not named here.
    static func describe(posixCode code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a path component is not a folder"
        case EISDIR: return "it is a folder"
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case EROFS: return "read-only file system"
        case ENAMETOOLONG: return "file name too long"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    private static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: error.code) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return nil }
        return posixCode(underlying)
    }
}
