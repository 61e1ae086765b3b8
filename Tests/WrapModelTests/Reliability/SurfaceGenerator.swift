import Foundation

// Documents shaped like the surface fixtures (SurfaceFixtures.swift): each key gets a value its
// property reads, or one it cannot (wrong type, null, extreme number, odd text), or is left out;
// then the text itself may get a BOM, a trailing comma, a duplicate key, deep nesting or
// unmodelled keys. Everything comes from the case's generator, so a case replays exactly.

enum SurfGenerator {
    /// Numbers at the edges of what JSON, Double, Int, Float and UInt64 hold.
    static let numbers = [
        "0", "-0", "1", "-1", "1.0", "-0.0", "3.5", "0.1", "1e308", "-1e308", "5e-324", "1e-320", "16777217",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "1E2", "2.5e-3", "123456789.123456789", "1e-7", "4294967296",
        "3.4028235e38", "3.5e38", "20180215",
    ]
    /// Text with unicode, escapes, a BOM inside, control characters and lookalikes of the other kinds.
    static let strings = [
        #""""#, #""x""#, #""😀""#, #""caf\u00e9""#, #""cafe\u0301""#, #""\ufeffbom""#, "\"\u{FEFF}raw bom\"",
        #""a\u0000b""#, #""\"quoted\\ \/ \t\n""#, #""12""#, #""-7""#, #""1.5""#, #""1e400""#, #""true""#,
        #""yes""#, #""Y""#, #""T""#, #""placed""#, #""PLACED""#, #""bogus""#, #""2017-02-05T17:03:13.123-03:00""#,
        #""2016-11-01T21:14:33Z""#, #""Tue Jun 3 2008 11:05:30 GMT""#, #""2020-02-29""#, #""02/29/2020""#,
        #""2020.01.02 03:04""#, #""31/31/2020""#, #""\ud83d\ude00""#, "\"" + String(repeating: "é", count: 300) + "\"",
    ]
    static let literals = ["true", "false", "null"]
    static let containers = ["{}", "[]", #"{"a": 1}"#, "[1, 2.5, \"x\", null]", #"[{"n": 1}]"#, #"{"n": {"n": 1}}"#]

    /// What a key holds when it holds something of the right kind.
    enum Kind {
        case int, double, bool(String, String), string, intString, date([String]), enumName
        case intArray, doubleArray, stringArray, dictArray, dict, address, item, items, itemDict, edges, groups
    }

    static let rootKeys: [(String, Kind)] = [
        ("i", .int), ("oi", .int), ("d", .double), ("od", .double), ("f", .double), ("b", .bool("true", "false")),
        ("b_yes", .bool(#""yes""#, #""no""#)), ("b_yn", .bool(#""Y""#, #""N""#)), ("b_tf", .bool(#""T""#, #""F""#)),
        ("b_num", .bool("1", "0")), ("s", .string), ("os", .string), ("secret", .string), ("is", .intString),
        ("ois", .intString), ("ni", .int), ("nf", .double), ("e", .enumName), ("oe", .enumName), ("eu", .enumName),
        ("t_dibs", .date([#""2017-02-05T17:03:13.123-03:00""#, #""2017-02-05T17:03:13.123456+00:00""#, #""2017-02-05T17:03:13Z""#])),
        ("t_iso", .date([#""2016-11-01T21:14:33Z""#, #""2016-11-01T21:14:33.999Z""#])),
        ("t_sec", .date([#""Tue Jun 3 2008 11:05:30 GMT""#, #""Tue Jun 3 2008 11:05:30 GMT-0500""#])),
        ("t_ymd", .date([#""2020-02-29""#, #""2021-02-29""#])), ("t_mdy", .date([#""02/29/2020""#, #""13/01/2020""#])),
        ("t_num", .date(["20180215", #""20180215""#, "99991232"])),
        ("t_8601", .date([#""2017-02-05T17:03:13.123Z""#, #""2017-02-05T17:03:13Z""#])),
        ("t_fmt", .date([#""2020.01.02 03:04""#, #""2020.13.02 03:04""#])),
        ("ia", .intArray), ("oia", .intArray), ("fa", .doubleArray), ("da", .doubleArray), ("sa", .stringArray),
        ("dicts", .dictArray), ("dict", .dict), ("odict", .dict), ("address", .address), ("items", .items),
        ("oitems", .items), ("by_key", .itemDict), ("oby_key", .itemDict), ("edges", .edges), ("groups", .groups),
        ("g_flag", .bool(#""Y""#, #""N""#)), ("g_level", .int), ("deep", .dict), ("classic", .item),
    ]
    static let overlapKeys: [(String, Kind)] = [("address", .address), ("n", .int)]

    /// A value of `kind` (or, one time in four, a hostile one), as JSON text.
    static func value(_ kind: Kind, random: inout RelRandom, depth: Int = 0) -> String {
        if random.chance(25) || depth > 3 { return hostile(&random) }
        switch kind {
        case .int: return random.pick(["0", "1", "-42", "7", "1.0", "2.5", #""12""#, "9223372036854775807"])
        case .double: return random.pick(["1.5", "1.0", "-0.0", "0.1", "100", "1e-7", "2.5e10", "3"])
        case .bool(let yes, let no): return random.pick([yes, no, "true", "false", "1", "0"])
        case .string: return random.pick(strings)
        case .intString: return random.pick([#""12""#, #""-3""#, #""0""#, "12", #""1.5""#, #""x""#, #""9223372036854775808""#])
        case .date(let samples): return random.pick(samples + ["0", #""""#])
        case .enumName: return random.pick([#""placed""#, #""shipped""#, #""delivered""#, #""bogus""#, "1", #""Placed""#])
        case .intArray: return array(count: random.below(4), random: &random) { random in random.pick(["1", "-2", "3.0", "3.5", "null", #""4""#]) }
        case .doubleArray: return array(count: random.below(4), random: &random) { random in random.pick(["1.5", "-0.0", "2", "0.1", "1e308", "null"]) }
        case .stringArray: return array(count: random.below(4), random: &random) { random in random.pick(strings) }
        case .dictArray: return array(count: random.below(3), random: &random) { random in value(.dict, random: &random, depth: depth + 1) }
        case .dict:
            return object(count: random.below(4), random: &random) { random in
                (random.pick(["x", "y", "a", "b", "😀", "a.b", ""]), random.chance(50) ? random.pick(numbers) : value(.dict, random: &random, depth: depth + 1))
            }
        case .address:
            return object(count: 3, random: &random) { random in
                random.pick([("city", random.pick(strings)), ("zip", random.pick(["12345", "0", #""12345""#, "1.5"])),
                             ("geo", #"{"lat": "# + random.pick(numbers) + "}"), ("street", #""Main""#)])
            }
        case .item:
            return object(count: 1 + random.below(3), random: &random) { random in
                random.pick([("n", random.pick(numbers)), ("label", random.pick(strings)), ("w", random.pick(numbers)),
                             ("s", random.pick(strings)), ("extra", random.pick(containers))])
            }
        case .items: return array(count: random.below(4), random: &random) { random in value(.item, random: &random, depth: depth + 1) }
        case .itemDict:
            return object(count: random.below(3), random: &random) { random in
                (random.pick(["k1", "k2", "é", ""]), value(.item, random: &random, depth: depth + 1))
            }
        case .edges:
            return array(count: random.below(3), random: &random) { random in #"{"node": "# + value(.item, random: &random, depth: depth + 1) + "}" }
        case .groups:
            return object(count: random.below(3), random: &random) { random in
                (random.pick(["g1", "g2"]), value(.items, random: &random, depth: depth + 1))
            }
        }
    }

    static func hostile(_ random: inout RelRandom) -> String {
        switch random.below(4) {
        case 0: return random.pick(numbers)
        case 1: return random.pick(strings)
        case 2: return random.pick(literals)
        default: return random.pick(containers)
        }
    }

    static func array(count: Int, random: inout RelRandom, element: (inout RelRandom) -> String) -> String {
        var elements: [String] = []
        for _ in 0..<count { elements.append(element(&random)) }
        let trailing = random.chance(4) && count > 0
        return "[" + elements.joined(separator: ", ") + (trailing ? ",]" : "]")
    }

    static func object(count: Int, random: inout RelRandom, member: (inout RelRandom) -> (String, String)) -> String {
        var members: [String] = []
        for _ in 0..<count {
            let (key, text) = member(&random)
            members.append(quoted(key) + ": " + text)
        }
        let trailing = random.chance(4) && count > 0
        return "{" + members.joined(separator: ", ") + (trailing ? ",}" : "}")
    }

    static func quoted(_ key: String) -> String {
        "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A whole document for `keys`, and what was done to its text.
    static func document(keys: [(String, Kind)], random: inout RelRandom) -> ([UInt8], [String]) {
        var steps: [String] = []
        var members: [(String, String)] = []
        for (key, kind) in keys where !random.chance(15) {
            members.append((key, value(kind, random: &random)))
        }
        if random.chance(30) {
            let extra = random.pick(["unmodeled", "a.b", "", "😀", "address.city", "deep.a"])
            members.insert((extra, hostile(&random)), at: random.below(members.count + 1))
            steps.append("unmodelled key \(quoted(extra))")
        }
        if random.chance(10), !members.isEmpty {
            let duplicate = members[random.below(members.count)].0
            let key = keys.first { $0.0 == duplicate }?.1
            members.append((duplicate, key.map { value($0, random: &random) } ?? hostile(&random)))
            steps.append("duplicate key \(quoted(duplicate))")
        }
        if random.chance(6), !members.isEmpty {
            let at = random.below(members.count)
            let depth = random.pick([2, 20, 200, 510, 511, 600])
            members[at].1 = String(repeating: "[", count: depth) + members[at].1 + String(repeating: "]", count: depth)
            steps.append("nest \(members[at].0) \(depth) arrays deep")
        }
        var text = "{" + members.map { quoted($0.0) + ": " + $0.1 }.joined(separator: random.chance(50) ? ", " : ",\n  ")
        if random.chance(5) && !members.isEmpty {
            text += ","
            steps.append("trailing comma")
        }
        text += "}"
        if random.chance(5) {
            text = "\u{FEFF}" + text
            steps.append("BOM")
        }
        return (Array(text.utf8), steps)
    }
}
