import Foundation
import Testing
import WrapModel

// Fixture models for the surface fuzzing (SurfaceFuzzTests.swift): one property of every kind, so
// that "reads the same values" compares every conversion the package has. `SurfOverlap` declares
// a submodel and a dotted key path into it — a layout whose output must still be a fixed point.

final class SurfItem: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("n") var n
    @OptStrProperty("label") var label
    @DoubleProperty("w") var w

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(n); sink.take(label); sink.take(w)
    }
}

final class SurfAddress: WrapModel, RelTouchable, @unchecked Sendable {
    @OptStrProperty("city") var city
    @IntProperty("zip") var zip
    @OptDoubleProperty("geo.lat") var latitude

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(city); sink.take(zip); sink.take(latitude)
    }
}

/// Read through `@GroupProperty`: keys at the root's own level.
final class SurfFlags: WrapModel, RelTouchable, @unchecked Sendable {
    @BoolProperty("g_flag", boolType: .ynString) var flag
    @OptIntProperty("g_level") var level

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(flag); sink.take(level)
    }
}

final class SurfRoot: WrapModel, RelTouchable, @unchecked Sendable {
    @IntProperty("i") var i
    @OptIntProperty("oi") var oi
    @DoubleProperty("d") var d
    @OptDoubleProperty("od") var od
    @FloatProperty("f") var f
    @BoolProperty("b") var b
    @BoolProperty("b_yes", boolType: .yesNo) var bYesNo
    @BoolProperty("b_yn", boolType: .ynString) var bYN
    @BoolProperty("b_tf", boolType: .tfString) var bTF
    @BoolProperty("b_num", boolType: .numeric) var bNumeric
    @StrProperty("s") var s
    @OptStrProperty("os") var os
    @StrProperty("secret", serializeForOutput: false) var secret
    @IntStrProperty("is") var intString
    @OptIntStrProperty("ois") var optIntString
    @NumIntProperty("ni") var numInt
    @NumFloatProperty("nf") var numFloat
    @EnumProperty("e", defaultEnum: .unknown) var e: RelStatus
    @OptEnumProperty("oe") var oe: RelStatus?
    @EnumUnkProperty("eu", unknown: .unknown) var eu: RelStatus
    @DateProperty("t_dibs", dateType: .dibs) var dibs
    @DateProperty("t_iso", dateType: .iso8601) var iso
    @DateProperty("t_sec", dateType: .secondary) var secondary
    @DateProperty("t_ymd", dateType: .yyyymmddDashes) var ymd
    @DateProperty("t_mdy", dateType: .mdySlashes) var mdy
    @DateProperty("t_num", dateType: .yyyymmdd) var ymdNumber
    @Date8601Property("t_8601", options: [.withInternetDateTime, .withFractionalSeconds]) var iso8601
    @DateFmtProperty("t_fmt", dateFormatString: "yyyy.MM.dd HH:mm") var formatted
    @IntArrayProperty("ia") var ints
    @OptIntArrayProperty("oia") var optInts
    @FloatArrayProperty("fa") var floats
    @DoubleArrayProperty("da") var doubles
    @StrArrayProperty("sa") var strings
    @DictArrayProperty("dicts") var dicts
    @DictProperty("dict") var dict
    @OptDictProperty("odict") var optDict
    @ModelProperty("address") var address: SurfAddress?
    @ModelArrayProperty("items") var items: [SurfItem]
    @OptModelArrayProperty("oitems") var optItems: [SurfItem]?
    @ModelDictProperty("by_key") var byKey: [String: SurfItem]
    @OptModelDictProperty("oby_key") var optByKey: [String: SurfItem]?
    @EmbModelArrayProperty("edges", embedPath: "node") var edges: [SurfItem]
    @DictModelArrayProperty("groups") var groups: [String: [SurfItem]]
    @GroupProperty() var flags: SurfFlags
    @OptIntProperty("deep.a.b") var deepValue
    let classicInt = WPInt("classic.n")
    let classicString = WPOptStr("classic.s")

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(i); sink.take(oi); sink.take(d); sink.take(od); sink.take(f)
        sink.take(b); sink.take(bYesNo); sink.take(bYN); sink.take(bTF); sink.take(bNumeric)
        sink.take(s); sink.take(os); sink.take(secret); sink.take(intString); sink.take(optIntString)
        sink.take(numInt); sink.take(numFloat); sink.take(e); sink.take(oe); sink.take(eu)
        sink.take(dibs); sink.take(iso); sink.take(secondary); sink.take(ymd); sink.take(mdy)
        sink.take(ymdNumber); sink.take(iso8601); sink.take(formatted)
        sink.take(ints); sink.take(optInts); sink.take(floats); sink.take(doubles); sink.take(strings)
        sink.take(dicts); sink.take(dict); sink.take(optDict); sink.take(deepValue)
        sink.take(classicInt.value); sink.take(classicString.value)
        sink.take(address == nil); sink.take(items.count); sink.take(optItems?.count)
        sink.take(byKey.keys.sorted()); sink.take(optByKey?.keys.sorted()); sink.take(edges.count)
        sink.take(groups.keys.sorted()); sink.take(groups.keys.sorted().map { groups[$0]?.count ?? -1 })
        guard depth > 0 else { return }
        address?.touch(into: &sink, depth: depth - 1)
        for item in items { item.touch(into: &sink, depth: depth - 1) }
        for item in optItems ?? [] { item.touch(into: &sink, depth: depth - 1) }
        for key in byKey.keys.sorted() { byKey[key]?.touch(into: &sink, depth: depth - 1) }
        for key in (optByKey ?? [:]).keys.sorted() { optByKey?[key]?.touch(into: &sink, depth: depth - 1) }
        for item in edges { item.touch(into: &sink, depth: depth - 1) }
        for key in groups.keys.sorted() {
            for item in groups[key] ?? [] { item.touch(into: &sink, depth: depth - 1) }
        }
        flags.touch(into: &sink, depth: depth - 1)
    }
}

/// A submodel at `address` and a non-optional dotted property inside it.
final class SurfOverlap: WrapModel, RelTouchable, @unchecked Sendable {
    @ModelProperty("address") var address: SurfAddress?
    @StrProperty("address.city") var city
    @OptIntProperty("address.zip") var zip
    @IntProperty("n") var n

    func touch(into sink: inout RelSink, depth: Int) {
        sink.take(city); sink.take(zip); sink.take(n); sink.take(address == nil)
        if depth > 0 { address?.touch(into: &sink, depth: depth - 1) }
    }
}

extension SurfRoot: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> SurfRoot {
        try SurfRoot(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> SurfRoot { try SurfRoot(parsing: text) }
    static func relJSONData(_ data: Data?) -> SurfRoot? { SurfRoot(jsonData: data) }
    static func relJSON(_ text: String?) -> SurfRoot? { SurfRoot(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> SurfRoot {
        SurfRoot(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}

extension SurfOverlap: RelRootModel {
    static func relParsing(_ data: Data, mutable: Bool, strict: Bool) throws(WrapModelError) -> SurfOverlap {
        try SurfOverlap(parsing: data, mutable: mutable, strict: strict)
    }
    static func relParsing(_ text: String) throws(WrapModelError) -> SurfOverlap { try SurfOverlap(parsing: text) }
    static func relJSONData(_ data: Data?) -> SurfOverlap? { SurfOverlap(jsonData: data) }
    static func relJSON(_ text: String?) -> SurfOverlap? { SurfOverlap(json: text) }
    static func relCopy(of model: WrapModel, withMutations: Bool, mutable: Bool) -> SurfOverlap {
        SurfOverlap(asCopyOf: model, withMutations: withMutations, mutable: mutable)
    }
}
