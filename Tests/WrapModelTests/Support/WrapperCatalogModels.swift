import Foundation
import WrapModel

// Two models over the same JSON document, declared only with property wrappers: one uses every
// read-only wrapper name of SPEC 1.4, the other every `Mut…` twin.

/// Fields at the catalogue's own level.
final class CatalogGroup: WrapModel, @unchecked Sendable {
    @MutStrProperty("g_name") var name
    @IntProperty("g_count") var count
}

let catalogJSON = #"""
{
  "int": 2.5, "opt_int": "17", "float": 1.25, "double": "2.75", "bool": "Yes",
  "num_int": 7, "num_float": 1.5, "int_str": "0042", "opt_int_str": 9,
  "str": "hello", "opt_str": null, "dict": {"a": 1}, "opt_dict": {"b": "x"},
  "enum": "green", "opt_enum": "blue", "enum_unk": "purple",
  "g_name": "grp", "g_count": 4,
  "model": {"id": 1, "label": "one"},
  "models": [{"id": 2, "label": "two"}, 5],
  "opt_models": null,
  "model_dict": {"x": {"id": 3, "label": "three"}, "y": null},
  "opt_model_dict": {"z": {"id": 4, "label": "four"}},
  "edges": [{"node": {"item": {"id": 5, "label": "five"}}}, {"node": {}}],
  "opt_edges": [{"wrap": {"id": 6, "label": "six"}}],
  "dict_models": {"k": [{"id": 7, "label": "seven"}]},
  "opt_dict_models": {"m": [], "n": [{"id": 8, "label": "eight"}]},
  "date": "2018/02/15", "date_8601": "2016-11-01T21:14:33Z", "date_fmt": "01.11.2016 21:14",
  "ints": [1, "2", 3.6, "x"], "opt_ints": null, "floats": [0.5, "1.5"], "opt_floats": [2],
  "doubles": [0.25, "x"], "opt_doubles": [], "strs": ["a", 1, "b"], "opt_strs": ["c"],
  "dicts": [{"q": 1}, "no"], "opt_dicts": null,
  "ro": "12", "secret": "s", "unmodelled": "kept only in the original"
}
"""#

final class ReadOnlyCatalog: WrapModel, @unchecked Sendable {
    @IntProperty("int", modifier: { $0 * 10 }) var int
    @OptIntProperty("opt_int") var optInt
    @FloatProperty("float") var float
    @DoubleProperty("double") var double
    @OptDoubleProperty("opt_double") var optDouble
    @BoolProperty("bool", boolType: .yesNo) var bool
    @BoolProperty("bool_num", boolType: .numeric, defaultValue: true) var boolNum
    @NumIntProperty("num_int") var numInt
    @NumFloatProperty("num_float") var numFloat
    @IntStrProperty("int_str") var intStr
    @OptIntStrProperty("opt_int_str") var optIntStr
    @StrProperty("str", modifier: { $0.uppercased() }) var str
    @OptStrProperty("opt_str", modifier: { $0 ?? "was nil" }) var optStr
    @DictProperty("dict") var dict
    @OptDictProperty("opt_dict") var optDict
    @EnumProperty("enum", defaultEnum: Shade.unknown) var shade
    @OptEnumProperty<Shade>("opt_enum") var optShade
    @EnumUnkProperty("enum_unk", unknown: Shade.unknown) var unkShade
    @GroupProperty() var group: CatalogGroup
    @ModelProperty("model") var model: Tag?
    @ModelArrayProperty("models") var models: [Tag]
    @OptModelArrayProperty("opt_models") var optModels: [Tag]?
    @ModelDictProperty("model_dict") var modelDict: [String: Tag]
    @OptModelDictProperty("opt_model_dict") var optModelDict: [String: Tag]?
    @EmbModelArrayProperty("edges", embedPath: "node.item") var edges: [Tag]
    @OptEmbModelArrayProperty("opt_edges", embedPath: "wrap") var optEdges: [Tag]?
    @DictModelArrayProperty("dict_models") var dictModels: [String: [Tag]]
    @OptDictModelArrayProperty("opt_dict_models") var optDictModels: [String: [Tag]]?
    @DateProperty("date", dateType: .yyyymmddDashes) var date
    @Date8601Property("date_8601", options: nil) var date8601
    @DateFmtProperty("date_fmt", dateFormatString: "dd.MM.yyyy HH:mm") var dateFmt
    @IntArrayProperty("ints") var ints
    @OptIntArrayProperty("opt_ints") var optInts
    @FloatArrayProperty("floats") var floats
    @OptFloatArrayProperty("opt_floats") var optFloats
    @DoubleArrayProperty("doubles", modifier: { $0.map { $0 * 2 } }) var doubles
    @OptDoubleArrayProperty("opt_doubles") var optDoubles
    @StrArrayProperty("strs") var strs
    @OptStrArrayProperty("opt_strs") var optStrs
    @DictArrayProperty("dicts") var dicts
    @OptDictArrayProperty("opt_dicts") var optDicts
    @ROProperty(WPIntStr("ro")) var ro: Int
    @StrProperty("secret", serializeForOutput: false) var secret
    @IntProperty("missing", defaultValue: 99) var missing
}

final class MutableCatalog: WrapModel, @unchecked Sendable {
    @MutIntProperty("int", getModifier: { $0 * 10 }, setModifier: { $0 / 10 }) var int
    @MutOptIntProperty("opt_int") var optInt
    @MutFloatProperty("float") var float
    @MutDoubleProperty("double") var double
    @MutOptDoubleProperty("opt_double") var optDouble
    @MutBoolProperty("bool", boolType: .yesNo) var bool
    @MutBoolProperty("bool_num", boolType: .numeric, defaultValue: true) var boolNum
    @MutNumIntProperty("num_int") var numInt
    @MutNumFloatProperty("num_float") var numFloat
    @MutIntStrProperty("int_str") var intStr
    @MutOptIntStrProperty("opt_int_str") var optIntStr
    @MutStrProperty("str", getModifier: { $0.uppercased() }, setModifier: { $0.trimmingCharacters(in: .whitespaces) }) var str
    @MutOptStrProperty("opt_str") var optStr
    @MutDictProperty("dict") var dict
    @MutOptDictProperty("opt_dict") var optDict
    @MutEnumProperty("enum", defaultEnum: Shade.unknown) var shade
    @MutOptEnumProperty<Shade>("opt_enum") var optShade
    @MutEnumUnkProperty("enum_unk", unknown: Shade.unknown) var unkShade
    @GroupProperty() var group: CatalogGroup
    @MutModelProperty("model") var model: Tag?
    @MutModelArrayProperty("models") var models: [Tag]
    @MutOptModelArrayProperty("opt_models") var optModels: [Tag]?
    @MutModelDictProperty("model_dict") var modelDict: [String: Tag]
    @MutOptModelDictProperty("opt_model_dict") var optModelDict: [String: Tag]?
    @MutEmbModelArrayProperty("edges", embedPath: "node.item") var edges: [Tag]
    @MutOptEmbModelArrayProperty("opt_edges", embedPath: "wrap") var optEdges: [Tag]?
    @MutDictModelArrayProperty("dict_models") var dictModels: [String: [Tag]]
    @MutOptDictModelArrayProperty("opt_dict_models") var optDictModels: [String: [Tag]]?
    @MutDateProperty("date", dateType: .yyyymmddDashes) var date
    @MutDate8601Property("date_8601", options: nil) var date8601
    @MutDateFmtProperty("date_fmt", dateFormatString: "dd.MM.yyyy HH:mm") var dateFmt
    @MutIntArrayProperty("ints") var ints
    @MutOptIntArrayProperty("opt_ints") var optInts
    @MutFloatArrayProperty("floats") var floats
    @MutOptFloatArrayProperty("opt_floats") var optFloats
    @MutDoubleArrayProperty("doubles") var doubles
    @MutOptDoubleArrayProperty("opt_doubles") var optDoubles
    @MutStrArrayProperty("strs") var strs
    @MutOptStrArrayProperty("opt_strs") var optStrs
    @MutDictArrayProperty("dicts") var dicts
    @MutOptDictArrayProperty("opt_dicts") var optDicts
    @RWProperty(WPIntStr("ro")) var ro: Int
    @MutStrProperty("secret", serializeForOutput: false) var secret
    @MutIntProperty("missing", defaultValue: 99) var missing
}

/// What both catalogues write for the unmodified document, without nulls, for output or not.
var catalogOutput: [String: Any] { [
    "int": 3, "opt_int": 17, "float": 1.25, "double": 2.75, "bool": "yes", "bool_num": 1,
    "num_int": 7, "num_float": 1.5, "int_str": "42", "opt_int_str": "9", "str": "hello",
    "dict": ["a": 1], "opt_dict": ["b": "x"], "enum": "green", "opt_enum": "blue",
    "g_name": "grp", "g_count": 4,
    "model": ["id": 1, "label": "one"],
    "models": [["id": 2, "label": "two"]],
    "model_dict": ["x": ["id": 3, "label": "three"]],
    "opt_model_dict": ["z": ["id": 4, "label": "four"]],
    "edges": [["node": ["item": ["id": 5, "label": "five"]]]],
    "opt_edges": [["wrap": ["id": 6, "label": "six"]]],
    "dict_models": ["k": [["id": 7, "label": "seven"]]],
    "opt_dict_models": ["m": [Any](), "n": [["id": 8, "label": "eight"]]],
    "date": "2018-02-15", "date_8601": "2016-11-01T21:14:33Z", "date_fmt": "01.11.2016 21:14",
    "ints": [1, 2, 4], "floats": [0.5, 1.5] as [Float], "opt_floats": [2.0] as [Float], "doubles": [0.25], "opt_doubles": [Double](),
    "strs": ["a", "b"], "opt_strs": ["c"], "dicts": [["q": 1]],
    "ro": "12", "secret": "s", "missing": 99,
] }

/// The keys both catalogues write as null with nulls, for the unmodified document.
let catalogNilKeys = ["opt_double", "opt_str", "enum_unk", "opt_models", "opt_ints", "opt_dicts"]

/// `base` with `changes` applied: `NSNull` values in `changes` remove the key.
func applying(_ changes: [String: Any], to base: [String: Any]) -> [String: Any] {
    var result = base
    for (key, value) in changes {
        if value is NSNull { result.removeValue(forKey: key) } else { result[key] = value }
    }
    return result
}
