import Foundation

// Every named wrapper is one of the two generic wrappers fixed to one property class, so the
// names stay thin: `@IntProperty("count") var count` is a ReadOnlyProperty<Int, WrapPropertyInt>.

/// A group: `@GroupProperty() var prefs: CommPrefs` (read-only; there is no mutable twin).
public typealias GroupProperty<T: WrapModel> = ReadOnlyProperty<T, WrapPropertyGroup<T>>

/// Read-only property wrapper over ``WrapPropertyInt``: `@IntProperty("key") var name`.
public typealias IntProperty = ReadOnlyProperty<Int, WrapPropertyInt>
/// Read-write property wrapper over ``WrapPropertyInt``: `@MutIntProperty("key") var name`.
public typealias MutIntProperty = MutableProperty<Int, WrapPropertyInt>
/// Read-only property wrapper over ``WrapPropertyOptionalInt``: `@OptIntProperty("key") var name`.
public typealias OptIntProperty = ReadOnlyProperty<Int?, WrapPropertyOptionalInt>
/// Read-write property wrapper over ``WrapPropertyOptionalInt``: `@MutOptIntProperty("key") var name`.
public typealias MutOptIntProperty = MutableProperty<Int?, WrapPropertyOptionalInt>
/// Read-only property wrapper over ``WrapPropertyFloat``: `@FloatProperty("key") var name`.
public typealias FloatProperty = ReadOnlyProperty<Float, WrapPropertyFloat>
/// Read-write property wrapper over ``WrapPropertyFloat``: `@MutFloatProperty("key") var name`.
public typealias MutFloatProperty = MutableProperty<Float, WrapPropertyFloat>
/// Read-only property wrapper over ``WrapPropertyDouble``: `@DoubleProperty("key") var name`.
public typealias DoubleProperty = ReadOnlyProperty<Double, WrapPropertyDouble>
/// Read-write property wrapper over ``WrapPropertyDouble``: `@MutDoubleProperty("key") var name`.
public typealias MutDoubleProperty = MutableProperty<Double, WrapPropertyDouble>
/// Read-only property wrapper over ``WrapPropertyOptionalDouble``: `@OptDoubleProperty("key") var name`.
public typealias OptDoubleProperty = ReadOnlyProperty<Double?, WrapPropertyOptionalDouble>
/// Read-write property wrapper over ``WrapPropertyOptionalDouble``: `@MutOptDoubleProperty("key") var name`.
public typealias MutOptDoubleProperty = MutableProperty<Double?, WrapPropertyOptionalDouble>
/// Read-only property wrapper over ``WrapPropertyBool``: `@BoolProperty("key") var name`.
public typealias BoolProperty = ReadOnlyProperty<Bool, WrapPropertyBool>
/// Read-write property wrapper over ``WrapPropertyBool``: `@MutBoolProperty("key") var name`.
public typealias MutBoolProperty = MutableProperty<Bool, WrapPropertyBool>
/// Read-only property wrapper over ``WrapPropertyNSNumberInt``: `@NumIntProperty("key") var name`.
public typealias NumIntProperty = ReadOnlyProperty<NSNumber?, WrapPropertyNSNumberInt>
/// Read-write property wrapper over ``WrapPropertyNSNumberInt``: `@MutNumIntProperty("key") var name`.
public typealias MutNumIntProperty = MutableProperty<NSNumber?, WrapPropertyNSNumberInt>
/// Read-only property wrapper over ``WrapPropertyNSNumberFloat``: `@NumFloatProperty("key") var name`.
public typealias NumFloatProperty = ReadOnlyProperty<NSNumber?, WrapPropertyNSNumberFloat>
/// Read-write property wrapper over ``WrapPropertyNSNumberFloat``: `@MutNumFloatProperty("key") var name`.
public typealias MutNumFloatProperty = MutableProperty<NSNumber?, WrapPropertyNSNumberFloat>
/// Read-only property wrapper over ``WrapPropertyIntFromString``: `@IntStrProperty("key") var name`.
public typealias IntStrProperty = ReadOnlyProperty<Int, WrapPropertyIntFromString>
/// Read-write property wrapper over ``WrapPropertyIntFromString``: `@MutIntStrProperty("key") var name`.
public typealias MutIntStrProperty = MutableProperty<Int, WrapPropertyIntFromString>
/// Read-only property wrapper over ``WrapPropertyOptionalIntFromString``: `@OptIntStrProperty("key") var name`.
public typealias OptIntStrProperty = ReadOnlyProperty<Int?, WrapPropertyOptionalIntFromString>
/// Read-write property wrapper over ``WrapPropertyOptionalIntFromString``: `@MutOptIntStrProperty("key") var name`.
public typealias MutOptIntStrProperty = MutableProperty<Int?, WrapPropertyOptionalIntFromString>
/// Read-only property wrapper over ``WrapPropertyString``: `@StrProperty("key") var name`.
public typealias StrProperty = ReadOnlyProperty<String, WrapPropertyString>
/// Read-write property wrapper over ``WrapPropertyString``: `@MutStrProperty("key") var name`.
public typealias MutStrProperty = MutableProperty<String, WrapPropertyString>
/// Read-only property wrapper over ``WrapPropertyOptional``: `@OptStrProperty("key") var name`.
public typealias OptStrProperty = ReadOnlyProperty<String?, WrapPropertyOptional<String>>
/// Read-write property wrapper over ``WrapPropertyOptional``: `@MutOptStrProperty("key") var name`.
public typealias MutOptStrProperty = MutableProperty<String?, WrapPropertyOptional<String>>
/// Read-only property wrapper over ``WrapPropertyDict``: `@DictProperty("key") var name`.
public typealias DictProperty = ReadOnlyProperty<[String: Any], WrapPropertyDict>
/// Read-write property wrapper over ``WrapPropertyDict``: `@MutDictProperty("key") var name`.
public typealias MutDictProperty = MutableProperty<[String: Any], WrapPropertyDict>
/// Read-only property wrapper over ``WrapPropertyOptional``: `@OptDictProperty("key") var name`.
public typealias OptDictProperty = ReadOnlyProperty<[String: Any]?, WrapPropertyOptional<[String: Any]>>
/// Read-write property wrapper over ``WrapPropertyOptional``: `@MutOptDictProperty("key") var name`.
public typealias MutOptDictProperty = MutableProperty<[String: Any]?, WrapPropertyOptional<[String: Any]>>
/// Read-only property wrapper over ``WrapPropertyConvertibleEnum``: `@EnumProperty("key") var name`.
public typealias EnumProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T, WrapPropertyConvertibleEnum<T>>
/// Read-write property wrapper over ``WrapPropertyConvertibleEnum``: `@MutEnumProperty("key") var name`.
public typealias MutEnumProperty<T: WrapConvertibleEnum> = MutableProperty<T, WrapPropertyConvertibleEnum<T>>
/// Read-only property wrapper over ``WrapPropertyConvertibleOptionalEnum``: `@OptEnumProperty("key") var name`.
public typealias OptEnumProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T?, WrapPropertyConvertibleOptionalEnum<T>>
/// Read-write property wrapper over ``WrapPropertyConvertibleOptionalEnum``: `@MutOptEnumProperty("key") var name`.
public typealias MutOptEnumProperty<T: WrapConvertibleEnum> = MutableProperty<T?, WrapPropertyConvertibleOptionalEnum<T>>
/// Read-only property wrapper over ``WrapPropertyUnknownEnum``: `@EnumUnkProperty("key") var name`.
public typealias EnumUnkProperty<T: WrapConvertibleEnum> = ReadOnlyProperty<T, WrapPropertyUnknownEnum<T>>
/// Read-write property wrapper over ``WrapPropertyUnknownEnum``: `@MutEnumUnkProperty("key") var name`.
public typealias MutEnumUnkProperty<T: WrapConvertibleEnum> = MutableProperty<T, WrapPropertyUnknownEnum<T>>
/// Read-only property wrapper over ``WrapPropertyModel``: `@ModelProperty("key") var name`.
public typealias ModelProperty<T: WrapModel> = ReadOnlyProperty<T?, WrapPropertyModel<T>>
/// Read-write property wrapper over ``WrapPropertyModel``: `@MutModelProperty("key") var name`.
public typealias MutModelProperty<T: WrapModel> = MutableProperty<T?, WrapPropertyModel<T>>
/// Read-only property wrapper over ``WrapPropertyArrayOfModel``: `@ModelArrayProperty("key") var name`.
public typealias ModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T], WrapPropertyArrayOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyArrayOfModel``: `@MutModelArrayProperty("key") var name`.
public typealias MutModelArrayProperty<T: WrapModel> = MutableProperty<[T], WrapPropertyArrayOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyOptionalArrayOfModel``: `@OptModelArrayProperty("key") var name`.
public typealias OptModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T]?, WrapPropertyOptionalArrayOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyOptionalArrayOfModel``: `@MutOptModelArrayProperty("key") var name`.
public typealias MutOptModelArrayProperty<T: WrapModel> = MutableProperty<[T]?, WrapPropertyOptionalArrayOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyDictionaryOfModel``: `@ModelDictProperty("key") var name`.
public typealias ModelDictProperty<T: WrapModel> = ReadOnlyProperty<[String: T], WrapPropertyDictionaryOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyDictionaryOfModel``: `@MutModelDictProperty("key") var name`.
public typealias MutModelDictProperty<T: WrapModel> = MutableProperty<[String: T], WrapPropertyDictionaryOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyOptionalDictionaryOfModel``: `@OptModelDictProperty("key") var name`.
public typealias OptModelDictProperty<T: WrapModel> = ReadOnlyProperty<[String: T]?, WrapPropertyOptionalDictionaryOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyOptionalDictionaryOfModel``: `@MutOptModelDictProperty("key") var name`.
public typealias MutOptModelDictProperty<T: WrapModel> = MutableProperty<[String: T]?, WrapPropertyOptionalDictionaryOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyArrayOfEmbeddedModel``: `@EmbModelArrayProperty("key") var name`.
public typealias EmbModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T], WrapPropertyArrayOfEmbeddedModel<T>>
/// Read-write property wrapper over ``WrapPropertyArrayOfEmbeddedModel``: `@MutEmbModelArrayProperty("key") var name`.
public typealias MutEmbModelArrayProperty<T: WrapModel> = MutableProperty<[T], WrapPropertyArrayOfEmbeddedModel<T>>
/// Read-only property wrapper over ``WrapPropertyOptionalArrayOfEmbeddedModel``: `@OptEmbModelArrayProperty("key") var name`.
public typealias OptEmbModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[T]?, WrapPropertyOptionalArrayOfEmbeddedModel<T>>
/// Read-write property wrapper over ``WrapPropertyOptionalArrayOfEmbeddedModel``: `@MutOptEmbModelArrayProperty("key") var name`.
public typealias MutOptEmbModelArrayProperty<T: WrapModel> = MutableProperty<[T]?, WrapPropertyOptionalArrayOfEmbeddedModel<T>>
/// Read-only property wrapper over ``WrapPropertyDictionaryOfArrayOfModel``: `@DictModelArrayProperty("key") var name`.
public typealias DictModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[String: [T]], WrapPropertyDictionaryOfArrayOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyDictionaryOfArrayOfModel``: `@MutDictModelArrayProperty("key") var name`.
public typealias MutDictModelArrayProperty<T: WrapModel> = MutableProperty<[String: [T]], WrapPropertyDictionaryOfArrayOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyOptionalDictionaryOfArrayOfModel``: `@OptDictModelArrayProperty("key") var name`.
public typealias OptDictModelArrayProperty<T: WrapModel> = ReadOnlyProperty<[String: [T]]?, WrapPropertyOptionalDictionaryOfArrayOfModel<T>>
/// Read-write property wrapper over ``WrapPropertyOptionalDictionaryOfArrayOfModel``: `@MutOptDictModelArrayProperty("key") var name`.
public typealias MutOptDictModelArrayProperty<T: WrapModel> = MutableProperty<[String: [T]]?, WrapPropertyOptionalDictionaryOfArrayOfModel<T>>
/// Read-only property wrapper over ``WrapPropertyDate``: `@DateProperty("key") var name`.
public typealias DateProperty = ReadOnlyProperty<Date?, WrapPropertyDate>
/// Read-write property wrapper over ``WrapPropertyDate``: `@MutDateProperty("key") var name`.
public typealias MutDateProperty = MutableProperty<Date?, WrapPropertyDate>
/// Read-only property wrapper over ``WrapPropertyDateISO8601``: `@Date8601Property("key") var name`.
public typealias Date8601Property = ReadOnlyProperty<Date?, WrapPropertyDateISO8601>
/// Read-write property wrapper over ``WrapPropertyDateISO8601``: `@MutDate8601Property("key") var name`.
public typealias MutDate8601Property = MutableProperty<Date?, WrapPropertyDateISO8601>
/// Read-only property wrapper over ``WrapPropertyDateFormatted``: `@DateFmtProperty("key") var name`.
public typealias DateFmtProperty = ReadOnlyProperty<Date?, WrapPropertyDateFormatted>
/// Read-write property wrapper over ``WrapPropertyDateFormatted``: `@MutDateFmtProperty("key") var name`.
public typealias MutDateFmtProperty = MutableProperty<Date?, WrapPropertyDateFormatted>
/// Read-only property wrapper over ``WrapPropertyArray``: `@IntArrayProperty("key") var name`.
public typealias IntArrayProperty = ReadOnlyProperty<[Int], WrapPropertyArray<Int>>
/// Read-write property wrapper over ``WrapPropertyArray``: `@MutIntArrayProperty("key") var name`.
public typealias MutIntArrayProperty = MutableProperty<[Int], WrapPropertyArray<Int>>
/// Read-only property wrapper over ``WrapPropertyOptionalArray``: `@OptIntArrayProperty("key") var name`.
public typealias OptIntArrayProperty = ReadOnlyProperty<[Int]?, WrapPropertyOptionalArray<Int>>
/// Read-write property wrapper over ``WrapPropertyOptionalArray``: `@MutOptIntArrayProperty("key") var name`.
public typealias MutOptIntArrayProperty = MutableProperty<[Int]?, WrapPropertyOptionalArray<Int>>
/// Read-only property wrapper over ``WrapPropertyArray``: `@FloatArrayProperty("key") var name`.
public typealias FloatArrayProperty = ReadOnlyProperty<[Float], WrapPropertyArray<Float>>
/// Read-write property wrapper over ``WrapPropertyArray``: `@MutFloatArrayProperty("key") var name`.
public typealias MutFloatArrayProperty = MutableProperty<[Float], WrapPropertyArray<Float>>
/// Read-only property wrapper over ``WrapPropertyOptionalArray``: `@OptFloatArrayProperty("key") var name`.
public typealias OptFloatArrayProperty = ReadOnlyProperty<[Float]?, WrapPropertyOptionalArray<Float>>
/// Read-write property wrapper over ``WrapPropertyOptionalArray``: `@MutOptFloatArrayProperty("key") var name`.
public typealias MutOptFloatArrayProperty = MutableProperty<[Float]?, WrapPropertyOptionalArray<Float>>
/// Read-only property wrapper over ``WrapPropertyArray``: `@DoubleArrayProperty("key") var name`.
public typealias DoubleArrayProperty = ReadOnlyProperty<[Double], WrapPropertyArray<Double>>
/// Read-write property wrapper over ``WrapPropertyArray``: `@MutDoubleArrayProperty("key") var name`.
public typealias MutDoubleArrayProperty = MutableProperty<[Double], WrapPropertyArray<Double>>
/// Read-only property wrapper over ``WrapPropertyOptionalArray``: `@OptDoubleArrayProperty("key") var name`.
public typealias OptDoubleArrayProperty = ReadOnlyProperty<[Double]?, WrapPropertyOptionalArray<Double>>
/// Read-write property wrapper over ``WrapPropertyOptionalArray``: `@MutOptDoubleArrayProperty("key") var name`.
public typealias MutOptDoubleArrayProperty = MutableProperty<[Double]?, WrapPropertyOptionalArray<Double>>
/// Read-only property wrapper over ``WrapPropertyArray``: `@StrArrayProperty("key") var name`.
public typealias StrArrayProperty = ReadOnlyProperty<[String], WrapPropertyArray<String>>
/// Read-write property wrapper over ``WrapPropertyArray``: `@MutStrArrayProperty("key") var name`.
public typealias MutStrArrayProperty = MutableProperty<[String], WrapPropertyArray<String>>
/// Read-only property wrapper over ``WrapPropertyOptionalArray``: `@OptStrArrayProperty("key") var name`.
public typealias OptStrArrayProperty = ReadOnlyProperty<[String]?, WrapPropertyOptionalArray<String>>
/// Read-write property wrapper over ``WrapPropertyOptionalArray``: `@MutOptStrArrayProperty("key") var name`.
public typealias MutOptStrArrayProperty = MutableProperty<[String]?, WrapPropertyOptionalArray<String>>
/// Read-only property wrapper over ``WrapPropertyArray``: `@DictArrayProperty("key") var name`.
public typealias DictArrayProperty = ReadOnlyProperty<[[String: Any]], WrapPropertyArray<[String: Any]>>
/// Read-write property wrapper over ``WrapPropertyArray``: `@MutDictArrayProperty("key") var name`.
public typealias MutDictArrayProperty = MutableProperty<[[String: Any]], WrapPropertyArray<[String: Any]>>
/// Read-only property wrapper over ``WrapPropertyOptionalArray``: `@OptDictArrayProperty("key") var name`.
public typealias OptDictArrayProperty = ReadOnlyProperty<[[String: Any]]?, WrapPropertyOptionalArray<[String: Any]>>
/// Read-write property wrapper over ``WrapPropertyOptionalArray``: `@MutOptDictArrayProperty("key") var name`.
public typealias MutOptDictArrayProperty = MutableProperty<[[String: Any]]?, WrapPropertyOptionalArray<[String: Any]>>
