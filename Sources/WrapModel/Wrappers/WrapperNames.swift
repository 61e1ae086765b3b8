import Foundation

// Every named wrapper is one of the two generic wrappers fixed to one property class, so the
// names stay thin: `@IntProperty("count") var count` is a ReadOnlyProperty<Int, WrapPropertyInt>.

/// Wraps any property object read-only: `@ROProperty(WPInt("n")) var n: Int`.
public typealias ROProperty<T> = ReadOnlyProperty<T, WrapProperty<T>>
/// Wraps any property object read-write: `@RWProperty(WPInt("n")) var n: Int`.
public typealias RWProperty<T> = MutableProperty<T, WrapProperty<T>>
/// A group: `@GroupProperty() var prefs: CommPrefs` (read-only; there is no mutable twin).
public typealias GroupProperty<T: WrapModel> = ReadOnlyProperty<T, WrapPropertyGroup<T>>

public typealias IntProperty = ReadOnlyProperty<Int, WrapPropertyInt>
public typealias MutIntProperty = MutableProperty<Int, WrapPropertyInt>
public typealias OptIntProperty = ReadOnlyProperty<Int?, WrapPropertyOptionalInt>
public typealias MutOptIntProperty = MutableProperty<Int?, WrapPropertyOptionalInt>
public typealias FloatProperty = ReadOnlyProperty<Float, WrapPropertyFloat>
public typealias MutFloatProperty = MutableProperty<Float, WrapPropertyFloat>
public typealias DoubleProperty = ReadOnlyProperty<Double, WrapPropertyDouble>
public typealias MutDoubleProperty = MutableProperty<Double, WrapPropertyDouble>
public typealias OptDoubleProperty = ReadOnlyProperty<Double?, WrapPropertyOptionalDouble>
public typealias MutOptDoubleProperty = MutableProperty<Double?, WrapPropertyOptionalDouble>
public typealias BoolProperty = ReadOnlyProperty<Bool, WrapPropertyBool>
public typealias MutBoolProperty = MutableProperty<Bool, WrapPropertyBool>
public typealias NumIntProperty = ReadOnlyProperty<NSNumber?, WrapPropertyNSNumberInt>
public typealias MutNumIntProperty = MutableProperty<NSNumber?, WrapPropertyNSNumberInt>
public typealias NumFloatProperty = ReadOnlyProperty<NSNumber?, WrapPropertyNSNumberFloat>
public typealias MutNumFloatProperty = MutableProperty<NSNumber?, WrapPropertyNSNumberFloat>
public typealias IntStrProperty = ReadOnlyProperty<Int, WrapPropertyIntFromString>
public typealias MutIntStrProperty = MutableProperty<Int, WrapPropertyIntFromString>
public typealias OptIntStrProperty = ReadOnlyProperty<Int?, WrapPropertyOptionalIntFromString>
public typealias MutOptIntStrProperty = MutableProperty<Int?, WrapPropertyOptionalIntFromString>
public typealias StrProperty = ReadOnlyProperty<String, WrapPropertyString>
public typealias MutStrProperty = MutableProperty<String, WrapPropertyString>
public typealias OptStrProperty = ReadOnlyProperty<String?, WrapPropertyOptional<String>>
public typealias MutOptStrProperty = MutableProperty<String?, WrapPropertyOptional<String>>
public typealias DictProperty = ReadOnlyProperty<[String: Any], WrapPropertyDict>
public typealias MutDictProperty = MutableProperty<[String: Any], WrapPropertyDict>
public typealias OptDictProperty = ReadOnlyProperty<[String: Any]?, WrapPropertyOptional<[String: Any]>>
public typealias MutOptDictProperty = MutableProperty<[String: Any]?, WrapPropertyOptional<[String: Any]>>
public typealias EnumProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T, WrapPropertyConvertibleEnum<T>>
public typealias MutEnumProperty<T: WrapConvertibleEnum> = MutableProperty<T, WrapPropertyConvertibleEnum<T>>
public typealias OptEnumProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T?, WrapPropertyConvertibleOptionalEnum<T>>
public typealias MutOptEnumProperty<T: WrapConvertibleEnum> = MutableProperty<T?, WrapPropertyConvertibleOptionalEnum<T>>
public typealias EnumUnkProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T, WrapPropertyUnknownEnum<T>>
public typealias MutEnumUnkProperty<T: WrapConvertibleEnum> = MutableProperty<T, WrapPropertyUnknownEnum<T>>
public typealias ModelProperty<T: WrapModel> = ReadOnlyProperty<T?, WrapPropertyModel<T>>
public typealias MutModelProperty<T: WrapModel> = MutableProperty<T?, WrapPropertyModel<T>>
public typealias ModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T], WrapPropertyArrayOfModel<T>>
public typealias MutModelArrayProperty<T: WrapModel> = MutableProperty<[T], WrapPropertyArrayOfModel<T>>
public typealias OptModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T]?, WrapPropertyOptionalArrayOfModel<T>>
public typealias MutOptModelArrayProperty<T: WrapModel> = MutableProperty<[T]?, WrapPropertyOptionalArrayOfModel<T>>
public typealias ModelDictProperty<T: WrapModel> = ReadOnlyProperty<[String: T], WrapPropertyDictionaryOfModel<T>>
public typealias MutModelDictProperty<T: WrapModel> = MutableProperty<[String: T], WrapPropertyDictionaryOfModel<T>>
public typealias OptModelDictProperty<T: WrapModel> = ReadOnlyProperty<[String: T]?, WrapPropertyOptionalDictionaryOfModel<T>>
public typealias MutOptModelDictProperty<T: WrapModel> = MutableProperty<[String: T]?, WrapPropertyOptionalDictionaryOfModel<T>>
public typealias EmbModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T], WrapPropertyArrayOfEmbeddedModel<T>>
public typealias MutEmbModelArrayProperty<T: WrapModel> = MutableProperty<[T], WrapPropertyArrayOfEmbeddedModel<T>>
public typealias OptEmbModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T]?, WrapPropertyOptionalArrayOfEmbeddedModel<T>>
public typealias MutOptEmbModelArrayProperty<T: WrapModel> = MutableProperty<[T]?, WrapPropertyOptionalArrayOfEmbeddedModel<T>>
public typealias DictModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[String: [T]], WrapPropertyDictionaryOfArrayOfModel<T>>
public typealias MutDictModelArrayProperty<T: WrapModel> = MutableProperty<[String: [T]], WrapPropertyDictionaryOfArrayOfModel<T>>
public typealias OptDictModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[String: [T]]?, WrapPropertyOptionalDictionaryOfArrayOfModel<T>>
public typealias MutOptDictModelArrayProperty<T: WrapModel> = MutableProperty<[String: [T]]?, WrapPropertyOptionalDictionaryOfArrayOfModel<T>>
public typealias DateProperty = ReadOnlyProperty<Date?, WrapPropertyDate>
public typealias MutDateProperty = MutableProperty<Date?, WrapPropertyDate>
public typealias Date8601Property = ReadOnlyProperty<Date?, WrapPropertyDateISO8601>
public typealias MutDate8601Property = MutableProperty<Date?, WrapPropertyDateISO8601>
public typealias DateFmtProperty = ReadOnlyProperty<Date?, WrapPropertyDateFormatted>
public typealias MutDateFmtProperty = MutableProperty<Date?, WrapPropertyDateFormatted>
public typealias IntArrayProperty = ReadOnlyProperty<[Int], WrapPropertyArray<Int>>
public typealias MutIntArrayProperty = MutableProperty<[Int], WrapPropertyArray<Int>>
public typealias OptIntArrayProperty = ReadOnlyProperty<[Int]?, WrapPropertyOptionalArray<Int>>
public typealias MutOptIntArrayProperty = MutableProperty<[Int]?, WrapPropertyOptionalArray<Int>>
public typealias FloatArrayProperty = ReadOnlyProperty<[Float], WrapPropertyArray<Float>>
public typealias MutFloatArrayProperty = MutableProperty<[Float], WrapPropertyArray<Float>>
public typealias OptFloatArrayProperty = ReadOnlyProperty<[Float]?, WrapPropertyOptionalArray<Float>>
public typealias MutOptFloatArrayProperty = MutableProperty<[Float]?, WrapPropertyOptionalArray<Float>>
public typealias DoubleArrayProperty = ReadOnlyProperty<[Double], WrapPropertyArray<Double>>
public typealias MutDoubleArrayProperty = MutableProperty<[Double], WrapPropertyArray<Double>>
public typealias OptDoubleArrayProperty = ReadOnlyProperty<[Double]?, WrapPropertyOptionalArray<Double>>
public typealias MutOptDoubleArrayProperty = MutableProperty<[Double]?, WrapPropertyOptionalArray<Double>>
public typealias StrArrayProperty = ReadOnlyProperty<[String], WrapPropertyArray<String>>
public typealias MutStrArrayProperty = MutableProperty<[String], WrapPropertyArray<String>>
public typealias OptStrArrayProperty = ReadOnlyProperty<[String]?, WrapPropertyOptionalArray<String>>
public typealias MutOptStrArrayProperty = MutableProperty<[String]?, WrapPropertyOptionalArray<String>>
public typealias DictArrayProperty = ReadOnlyProperty<[[String: Any]], WrapPropertyArray<[String: Any]>>
public typealias MutDictArrayProperty = MutableProperty<[[String: Any]], WrapPropertyArray<[String: Any]>>
public typealias OptDictArrayProperty = ReadOnlyProperty<[[String: Any]]?, WrapPropertyOptionalArray<[String: Any]>>
public typealias MutOptDictArrayProperty = MutableProperty<[[String: Any]]?, WrapPropertyOptionalArray<[String: Any]>>
