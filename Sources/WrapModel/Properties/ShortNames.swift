import Foundation

// The short names 1.3.7 code uses, one per property class.

public typealias WP<T> = WrapProperty<T>
public typealias WPOpt<T> = WrapPropertyOptional<T>

public typealias WPInt = WrapPropertyInt
public typealias WPOptInt = WrapPropertyOptionalInt
public typealias WPFloat = WrapPropertyFloat
public typealias WPDouble = WrapPropertyDouble
public typealias WPOptDouble = WrapPropertyOptionalDouble
public typealias WPBool = WrapPropertyBool
public typealias WPNumInt = WrapPropertyNSNumberInt
public typealias WPNumFloat = WrapPropertyNSNumberFloat
public typealias WPIntStr = WrapPropertyIntFromString
public typealias WPOptIntStr = WrapPropertyOptionalIntFromString

public typealias WPStr = WrapPropertyString
public typealias WPOptStr = WrapPropertyOptional<String>
public typealias WPDict = WrapPropertyDict
public typealias WPOptDict = WrapPropertyOptional<[String: Any]>

public typealias WPEnum<T: WrapConvertibleEnum> = WrapPropertyConvertibleEnum<T>
public typealias WPOptEnum<T: WrapConvertibleEnum> = WrapPropertyConvertibleOptionalEnum<T>

public typealias WPModel<T: WrapModel> = WrapPropertyModel<T>
public typealias WPGroup<T: WrapModel> = WrapPropertyGroup<T>
public typealias WPModelArray<T: WrapModel> = WrapPropertyArrayOfModel<T>
public typealias WPOptModelArray<T: WrapModel> = WrapPropertyOptionalArrayOfModel<T>
public typealias WPEmbModelArray<T: WrapModel> = WrapPropertyArrayOfEmbeddedModel<T>
public typealias WPOptEmbModelArray<T: WrapModel> = WrapPropertyOptionalArrayOfEmbeddedModel<T>
public typealias WPModelDict<T: WrapModel> = WrapPropertyDictionaryOfModel<T>
public typealias WPOptModelDict<T: WrapModel> = WrapPropertyOptionalDictionaryOfModel<T>
public typealias WPDictModelArray<T: WrapModel> = WrapPropertyDictionaryOfArrayOfModel<T>
public typealias WPOptDictModelArray<T: WrapModel> = WrapPropertyOptionalDictionaryOfArrayOfModel<T>

public typealias WPDate = WrapPropertyDate
public typealias WPDate8601 = WrapPropertyDateISO8601
public typealias WPDateFmt = WrapPropertyDateFormatted

public typealias WPIntArray = WrapPropertyIntArray
public typealias WPOptIntArray = WrapPropertyOptionalIntArray
public typealias WPFloatArray = WrapPropertyFloatArray
public typealias WPOptFloatArray = WrapPropertyOptionalFloatArray
public typealias WPDoubleArray = WrapPropertyArray<Double>
public typealias WPOptDoubleArray = WrapPropertyOptionalArray<Double>
public typealias WPStrArray = WrapPropertyArray<String>
public typealias WPOptStrArray = WrapPropertyOptionalArray<String>
public typealias WPDictArray = WrapPropertyArray<[String: Any]>
public typealias WPOptDictArray = WrapPropertyOptionalArray<[String: Any]>
