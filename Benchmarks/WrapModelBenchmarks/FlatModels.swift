import WrapModel

// Flat models of 5, 20 and 100 properties; generated once, kept as plain source.

/// 5 integer properties, for creation-cost scaling.
final class Flat5: WrapModel, @unchecked Sendable {
    @IntProperty("f0") var f0
    @IntProperty("f1") var f1
    @IntProperty("f2") var f2
    @IntProperty("f3") var f3
    @IntProperty("f4") var f4
}

/// 20 integer properties, for creation-cost scaling.
final class Flat20: WrapModel, @unchecked Sendable {
    @IntProperty("f0") var f0
    @IntProperty("f1") var f1
    @IntProperty("f2") var f2
    @IntProperty("f3") var f3
    @IntProperty("f4") var f4
    @IntProperty("f5") var f5
    @IntProperty("f6") var f6
    @IntProperty("f7") var f7
    @IntProperty("f8") var f8
    @IntProperty("f9") var f9
    @IntProperty("f10") var f10
    @IntProperty("f11") var f11
    @IntProperty("f12") var f12
    @IntProperty("f13") var f13
    @IntProperty("f14") var f14
    @IntProperty("f15") var f15
    @IntProperty("f16") var f16
    @IntProperty("f17") var f17
    @IntProperty("f18") var f18
    @IntProperty("f19") var f19
}

/// Flat20 with classic declarations (`let f0 = WPInt("f0")`): one small handle per property.
final class ClassicFlat20: WrapModel, @unchecked Sendable {
    let f0 = WPInt("f0")
    let f1 = WPInt("f1")
    let f2 = WPInt("f2")
    let f3 = WPInt("f3")
    let f4 = WPInt("f4")
    let f5 = WPInt("f5")
    let f6 = WPInt("f6")
    let f7 = WPInt("f7")
    let f8 = WPInt("f8")
    let f9 = WPInt("f9")
    let f10 = WPInt("f10")
    let f11 = WPInt("f11")
    let f12 = WPInt("f12")
    let f13 = WPInt("f13")
    let f14 = WPInt("f14")
    let f15 = WPInt("f15")
    let f16 = WPInt("f16")
    let f17 = WPInt("f17")
    let f18 = WPInt("f18")
    let f19 = WPInt("f19")
}

/// 100 integer properties, for creation-cost scaling.
final class Flat100: WrapModel, @unchecked Sendable {
    @IntProperty("f0") var f0
    @IntProperty("f1") var f1
    @IntProperty("f2") var f2
    @IntProperty("f3") var f3
    @IntProperty("f4") var f4
    @IntProperty("f5") var f5
    @IntProperty("f6") var f6
    @IntProperty("f7") var f7
    @IntProperty("f8") var f8
    @IntProperty("f9") var f9
    @IntProperty("f10") var f10
    @IntProperty("f11") var f11
    @IntProperty("f12") var f12
    @IntProperty("f13") var f13
    @IntProperty("f14") var f14
    @IntProperty("f15") var f15
    @IntProperty("f16") var f16
    @IntProperty("f17") var f17
    @IntProperty("f18") var f18
    @IntProperty("f19") var f19
    @IntProperty("f20") var f20
    @IntProperty("f21") var f21
    @IntProperty("f22") var f22
    @IntProperty("f23") var f23
    @IntProperty("f24") var f24
    @IntProperty("f25") var f25
    @IntProperty("f26") var f26
    @IntProperty("f27") var f27
    @IntProperty("f28") var f28
    @IntProperty("f29") var f29
    @IntProperty("f30") var f30
    @IntProperty("f31") var f31
    @IntProperty("f32") var f32
    @IntProperty("f33") var f33
    @IntProperty("f34") var f34
    @IntProperty("f35") var f35
    @IntProperty("f36") var f36
    @IntProperty("f37") var f37
    @IntProperty("f38") var f38
    @IntProperty("f39") var f39
    @IntProperty("f40") var f40
    @IntProperty("f41") var f41
    @IntProperty("f42") var f42
    @IntProperty("f43") var f43
    @IntProperty("f44") var f44
    @IntProperty("f45") var f45
    @IntProperty("f46") var f46
    @IntProperty("f47") var f47
    @IntProperty("f48") var f48
    @IntProperty("f49") var f49
    @IntProperty("f50") var f50
    @IntProperty("f51") var f51
    @IntProperty("f52") var f52
    @IntProperty("f53") var f53
    @IntProperty("f54") var f54
    @IntProperty("f55") var f55
    @IntProperty("f56") var f56
    @IntProperty("f57") var f57
    @IntProperty("f58") var f58
    @IntProperty("f59") var f59
    @IntProperty("f60") var f60
    @IntProperty("f61") var f61
    @IntProperty("f62") var f62
    @IntProperty("f63") var f63
    @IntProperty("f64") var f64
    @IntProperty("f65") var f65
    @IntProperty("f66") var f66
    @IntProperty("f67") var f67
    @IntProperty("f68") var f68
    @IntProperty("f69") var f69
    @IntProperty("f70") var f70
    @IntProperty("f71") var f71
    @IntProperty("f72") var f72
    @IntProperty("f73") var f73
    @IntProperty("f74") var f74
    @IntProperty("f75") var f75
    @IntProperty("f76") var f76
    @IntProperty("f77") var f77
    @IntProperty("f78") var f78
    @IntProperty("f79") var f79
    @IntProperty("f80") var f80
    @IntProperty("f81") var f81
    @IntProperty("f82") var f82
    @IntProperty("f83") var f83
    @IntProperty("f84") var f84
    @IntProperty("f85") var f85
    @IntProperty("f86") var f86
    @IntProperty("f87") var f87
    @IntProperty("f88") var f88
    @IntProperty("f89") var f89
    @IntProperty("f90") var f90
    @IntProperty("f91") var f91
    @IntProperty("f92") var f92
    @IntProperty("f93") var f93
    @IntProperty("f94") var f94
    @IntProperty("f95") var f95
    @IntProperty("f96") var f96
    @IntProperty("f97") var f97
    @IntProperty("f98") var f98
    @IntProperty("f99") var f99
}
