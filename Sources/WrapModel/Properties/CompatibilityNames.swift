import Foundation

// The names that exist only so that 1.3.7 code keeps compiling, in one place. Each group says why
// it exists; none is used by the library itself, and new code has one vocabulary instead:
// `@Property` / `@MutProperty` (the wrappers `ReadOnlyProperty` / `MutableProperty` over the base
// property class), the named wrappers of Named/ (`@IntProperty`, …) and the property classes of
// Classes/ (`WrapPropertyInt`, …).

// 1.3.7 spelled the generic wrappers over a property object `ROProperty` and `RWProperty`.
/// Wraps any property object read-only: `@ROProperty(WPInt("n")) var n: Int` (another name for ``Property``).
public typealias ROProperty<T> = Property<T>
/// Wraps any property object read-write: `@RWProperty(WPInt("n")) var n: Int` (another name for ``MutProperty``).
public typealias RWProperty<T> = MutProperty<T>

// 1.3.7 code declares property objects by these short names, one per property class.

/// Short name of ``WrapProperty``.
public typealias WP<T> = WrapProperty<T>
/// Short name of ``WrapPropertyOptional``.
public typealias WPOpt<T> = WrapPropertyOptional<T>

/// Short name of ``WrapPropertyInt``.
public typealias WPInt = WrapPropertyInt
/// Short name of ``WrapPropertyOptionalInt``.
public typealias WPOptInt = WrapPropertyOptionalInt
/// Short name of ``WrapPropertyFloat``.
public typealias WPFloat = WrapPropertyFloat
/// Short name of ``WrapPropertyDouble``.
public typealias WPDouble = WrapPropertyDouble
/// Short name of ``WrapPropertyOptionalDouble``.
public typealias WPOptDouble = WrapPropertyOptionalDouble
/// Short name of ``WrapPropertyBool``.
public typealias WPBool = WrapPropertyBool
/// Short name of ``WrapPropertyNSNumberInt``.
public typealias WPNumInt = WrapPropertyNSNumberInt
/// Short name of ``WrapPropertyNSNumberFloat``.
public typealias WPNumFloat = WrapPropertyNSNumberFloat
/// Short name of ``WrapPropertyIntFromString``.
public typealias WPIntStr = WrapPropertyIntFromString
/// Short name of ``WrapPropertyOptionalIntFromString``.
public typealias WPOptIntStr = WrapPropertyOptionalIntFromString

/// Short name of ``WrapPropertyString``.
public typealias WPStr = WrapPropertyString
/// Short name of ``WrapPropertyOptional``.
public typealias WPOptStr = WrapPropertyOptional<String>
/// Short name of ``WrapPropertyDict``.
public typealias WPDict = WrapPropertyDict
/// Short name of ``WrapPropertyOptional``.
public typealias WPOptDict = WrapPropertyOptional<[String: Any]>

/// Short name of ``WrapPropertyConvertibleEnum``.
public typealias WPEnum<T: WrapConvertibleEnum> = WrapPropertyConvertibleEnum<T>
/// Short name of ``WrapPropertyConvertibleOptionalEnum``.
public typealias WPOptEnum<T: WrapConvertibleEnum> = WrapPropertyConvertibleOptionalEnum<T>

/// Short name of ``WrapPropertyModel``.
public typealias WPModel<T: WrapModel> = WrapPropertyModel<T>
/// Short name of ``WrapPropertyGroup``.
public typealias WPGroup<T: WrapModel> = WrapPropertyGroup<T>
/// Short name of ``WrapPropertyArrayOfModel``.
public typealias WPModelArray<T: WrapModel> = WrapPropertyArrayOfModel<T>
/// Short name of ``WrapPropertyOptionalArrayOfModel``.
public typealias WPOptModelArray<T: WrapModel> = WrapPropertyOptionalArrayOfModel<T>
/// Short name of ``WrapPropertyArrayOfEmbeddedModel``.
public typealias WPEmbModelArray<T: WrapModel> = WrapPropertyArrayOfEmbeddedModel<T>
/// Short name of ``WrapPropertyOptionalArrayOfEmbeddedModel``.
public typealias WPOptEmbModelArray<T: WrapModel> = WrapPropertyOptionalArrayOfEmbeddedModel<T>
/// Short name of ``WrapPropertyDictionaryOfModel``.
public typealias WPModelDict<T: WrapModel> = WrapPropertyDictionaryOfModel<T>
/// Short name of ``WrapPropertyOptionalDictionaryOfModel``.
public typealias WPOptModelDict<T: WrapModel> = WrapPropertyOptionalDictionaryOfModel<T>
/// Short name of ``WrapPropertyDictionaryOfArrayOfModel``.
public typealias WPDictModelArray<T: WrapModel> = WrapPropertyDictionaryOfArrayOfModel<T>
/// Short name of ``WrapPropertyOptionalDictionaryOfArrayOfModel``.
public typealias WPOptDictModelArray<T: WrapModel> = WrapPropertyOptionalDictionaryOfArrayOfModel<T>

/// Short name of ``WrapPropertyDate``.
public typealias WPDate = WrapPropertyDate
/// Short name of ``WrapPropertyDateISO8601``.
public typealias WPDate8601 = WrapPropertyDateISO8601
/// Short name of ``WrapPropertyDateFormatted``.
public typealias WPDateFmt = WrapPropertyDateFormatted

/// Short name of ``WrapPropertyIntArray``.
public typealias WPIntArray = WrapPropertyIntArray
/// Short name of ``WrapPropertyOptionalIntArray``.
public typealias WPOptIntArray = WrapPropertyOptionalIntArray
/// Short name of ``WrapPropertyFloatArray``.
public typealias WPFloatArray = WrapPropertyFloatArray
/// Short name of ``WrapPropertyOptionalFloatArray``.
public typealias WPOptFloatArray = WrapPropertyOptionalFloatArray
/// Short name of ``WrapPropertyArray``.
public typealias WPDoubleArray = WrapPropertyArray<Double>
/// Short name of ``WrapPropertyOptionalArray``.
public typealias WPOptDoubleArray = WrapPropertyOptionalArray<Double>
/// Short name of ``WrapPropertyArray``.
public typealias WPStrArray = WrapPropertyArray<String>
/// Short name of ``WrapPropertyOptionalArray``.
public typealias WPOptStrArray = WrapPropertyOptionalArray<String>
/// Short name of ``WrapPropertyArray``.
public typealias WPDictArray = WrapPropertyArray<[String: Any]>
/// Short name of ``WrapPropertyOptionalArray``.
public typealias WPOptDictArray = WrapPropertyOptionalArray<[String: Any]>

// Public in 1.3.7, so code written against it may call it; the library itself does not.
extension Dictionary where Value: Hashable {
    /// The dictionary with keys and values swapped; where several keys share a value, the last
    /// one in iteration order wins.
    public func inverted() -> [Value: Key] {
        var result: [Value: Key] = [:]
        result.reserveCapacity(count)
        for (key, value) in self { result[value] = key }
        return result
    }
}
