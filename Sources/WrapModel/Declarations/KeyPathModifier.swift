import Foundation
import Synchronization

/// The start of a key path that stands for the model's own dictionary level (used by groups).
public let kWrapPropertySameDictionaryKey = "<same>"
/// The end of such a key path.
public let kWrapPropertySameDictionaryEndKey = "</same>"

/// A function that rewrites key paths.
public typealias WPKeyPathModifier = @Sendable (String) -> String

/// A function applied to every key path when its property is created; nil (the default) leaves
/// key paths as written.
///
/// ```swift
/// WrapPropertyKeyPathModifier = WrapPropertyTrimUnderscoresKeyPathModifier
/// ```
/// Set it before creating any model: properties created earlier keep their key paths. Reading and
/// setting it is thread-safe.
public var WrapPropertyKeyPathModifier: WPKeyPathModifier? {
    get { KeyPathModifierSetting.current.withLock { $0 } }
    set {
        KeyPathModifierSetting.current.withLock { $0 = newValue }
        KeyPathModifierSetting.isSet.store(newValue != nil, ordering: .releasing)
        KeyPathModifierSetting.generation.add(1, ordering: .releasing)
    }
}

/// Removes leading and trailing underscores from a key path (`"_id_"` becomes `"id"`).
public let WrapPropertyTrimUnderscoresKeyPathModifier: WPKeyPathModifier = { keyPath in
    keyPath.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
}

enum KeyPathModifierSetting {
    static let current = Locked<WPKeyPathModifier?>(nil)
    /// Lets property creation skip the mutex in the usual case of no modifier.
    static let isSet = Atomic<Bool>(false)
    /// Changes whenever the modifier is set, so per-class key schedules taken under another
    /// modifier are not used for properties created under this one.
    static let generation = Atomic<Int>(0)

    @inline(__always)
    static func apply(to keyPath: String) -> String {
        guard isSet.load(ordering: .acquiring), let modifier = current.withLock({ $0 }) else { return keyPath }
        return modifier(keyPath)
    }
}
