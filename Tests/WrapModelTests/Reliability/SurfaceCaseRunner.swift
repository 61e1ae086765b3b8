import Foundation
import WrapModel

// One document through the whole public surface of one model class: every initialiser, validate(),
// every output option, copies, keyed archiving, Codable (JSON, XML and binary property lists) and
// persistence of the model, an array and a dictionary of models. Each check is one named property;
// a failure records the property and what differed.

/// The named properties the surface fuzzing checks (the summary groups failures by these).
enum SurfProperty: String, CaseIterable {
    case initialisersAgree = "the initialisers accept the same documents and read the same values"
    case lenientAcceptsFoundation = "init?(jsonData:) accepts every object JSONSerialization accepts"
    case bytesVersusWrapDictionary = "a model from bytes reads what one from WrapJSON.parse's dictionary reads"
    case bytesVersusFoundationDictionary = "a model from bytes reads what one from JSONSerialization's dictionary reads"
    case validOutput = "every output option writes JSON that JSONSerialization and WrapJSON.parse accept"
    case layoutOnly = "prettyPrinted and sortedKeys change the layout only"
    case outputMatchesTree = "jsonData writes the value of the tree outputData builds, for every option"
    case outputErrors = "output throws only .unencodable, and currentModelDataAsJSON is nil exactly then"
    case fixedPoint = "1.3.7 output -> model -> output is a fixed point (currentModelData and its JSON)"
    case lossless = "keepUnmodeledKeys output of an unmodified model is the document"
    case losslessFixedPoint = "keepUnmodeledKeys output -> model -> output is a fixed point and keeps every value read"
    case copies = "copy(), mutableCopy() and init(asCopyOf:) keep every value read"
    case archive = "a keyed archive round trip keeps every value read"
    case codableJSON = "Codable through JSONEncoder/JSONDecoder keeps every value read"
    case codablePlist = "Codable through PropertyListEncoder/Decoder (XML, binary) keeps every value read"
    case persistence = "data(format:)/read(from:) of a model, [Model] and [String: Model] keep every value read"
}

struct SurfStats {
    var cases = 0, accepted = 0, models = 0, readings = 0, outputs = 0, roundTrips = 0, notArchived = 0

    mutating func add(_ other: SurfStats) {
        cases += other.cases; accepted += other.accepted; models += other.models; readings += other.readings
        outputs += other.outputs; roundTrips += other.roundTrips; notArchived += other.notArchived
    }
}

struct SurfCaseRunner {
    let bytes: [UInt8]
    let data: Data
    /// Picks which output options and collection format this case writes.
    let rotation: Int
    private(set) var failures: [(SurfProperty, String)] = []
    private(set) var stats = SurfStats()

    init(bytes: [UInt8], rotation: Int) {
        self.bytes = bytes
        self.data = Data(bytes)
        self.rotation = rotation
    }

    mutating func fail(_ property: SurfProperty, _ message: String) { failures.append((property, message)) }

    /// The first place two readings differ, for the message.
    static func difference(_ lhs: [String], _ rhs: [String]) -> String {
        if lhs.count != rhs.count { return "\(lhs.count) values read vs \(rhs.count)" }
        guard let index = lhs.indices.first(where: { lhs[$0] != rhs[$0] }) else { return "equal" }
        return "value #\(index) read \(lhs[index].prefix(200)) vs \(rhs[index].prefix(200))"
    }

    mutating func expectSame<M: RelRootModel>(_ property: SurfProperty, _ expected: [String], _ model: M?, _ what: String,
                                              integralDoublesAsIntegers: Bool = false) {
        guard let model else { return fail(property, "\(M.self): \(what) gave no model") }
        let readings = integralDoublesAsIntegers ? Self.integralDoublesAsIntegers(model.readings()) : model.readings()
        stats.roundTrips += 1
        if readings != expected { fail(property, "\(M.self): \(what): \(Self.difference(expected, readings))") }
    }

    /// A number read as the double -2^63: no Codable coder keeps a number's kind, so it comes back as
    /// the integer Int.min, which an Int property reads where it read the double as out of range.
    var hasDoubleAtIntBoundary: Bool {
        func walk(_ value: Any) -> Bool {
            if let object = value as? [String: Any] { return object.values.contains(where: walk) }
            if let array = value as? [Any] { return array.contains(where: walk) }
            guard let number = value as? NSNumber, !(number is NSDecimalNumber) || Int(number.stringValue) == nil else { return false }
            return number.doubleValue == -9223372036854775808.0
        }
        return (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])).map(walk) ?? false
    }

    /// A string starting with U+FEFF (raw or escaped): JSONSerialization on Linux strips it, so its
    /// dictionary is not equivalent to the document there.
    var hasStringWithLeadingBOM: Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("\"\u{FEFF}") || text.range(of: #""\uFEFF"#, options: .caseInsensitive) != nil
    }

    /// `-0` as an integer literal: JSONSerialization reads it as integer 0, so its dictionary is
    /// not equivalent to the document there.
    var hasIntegerMinusZero: Bool {
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "0") {
            let next = index + 2 < bytes.count ? bytes[index + 2] : 0
            if !(next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") || (0x30...0x39).contains(next)) {
                return true
            }
        }
        return false
    }

    mutating func run<M: RelRootModel>(_ modelType: M.Type) {
        let data = self.data
        let name = "\(M.self)"
        let text = String(validating: bytes, as: UTF8.self)
        let parsed = try? M.relParsing(data, mutable: false, strict: false)
        let parsedText = text.flatMap { try? M.relParsing($0) }
        let lenient = M.relJSONData(data)
        let lenientText = text.flatMap { M.relJSON($0) }
        let wrapObject = (try? WrapJSON.parse(data)) as? [String: Any]
        let foundationObject = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]

        if text != nil {
            if (parsed == nil) != (parsedText == nil) { fail(.initialisersAgree, "\(name): init(parsing: Data) \(parsed == nil ? "refused" : "accepted"), init(parsing: String) \(parsedText == nil ? "refused" : "accepted")") }
            if (lenient == nil) != (lenientText == nil) { fail(.initialisersAgree, "\(name): init?(jsonData:) \(lenient == nil ? "refused" : "accepted"), init?(json:) \(lenientText == nil ? "refused" : "accepted")") }
        }
        if (wrapObject == nil) != (parsed == nil) { fail(.initialisersAgree, "\(name): init(parsing:) \(parsed == nil ? "refused" : "accepted") a document WrapJSON.parse \(wrapObject == nil ? "refuses" : "reads as an object")") }
        if parsed != nil && lenient == nil { fail(.initialisersAgree, "\(name): init?(jsonData:) refused a document init(parsing:) accepts") }
        if foundationObject != nil && lenient == nil { fail(.lenientAcceptsFoundation, "\(name): init?(jsonData:) refused a document JSONSerialization reads as an object") }

        guard let model = parsed ?? lenient else {
            if let foundationObject { _ = M(data: foundationObject, mutable: false).readings() }
            return
        }
        stats.accepted += 1
        stats.models += 1
        let expected = model.readings()
        stats.readings += expected.count
        let issues = model.validate()
        for (other, what) in [(parsedText, "init(parsing: String)"), (lenient, "init?(jsonData:)"), (lenientText, "init?(json:)")] {
            if let other { expectSame(.initialisersAgree, expected, other, "\(what) vs init(parsing: Data)") }
        }
        if let wrapObject {
            let fromDictionary = M(data: wrapObject, mutable: false)
            expectSame(.bytesVersusWrapDictionary, expected, fromDictionary, "init(data: WrapJSON.parse)")
            if fromDictionary.validate() != issues { fail(.bytesVersusWrapDictionary, "\(name): validate() differs: \(fromDictionary.validate().map(\.description)) vs \(issues.map(\.description))") }
        }
        if let foundationObject, !hasIntegerMinusZero, !hasStringWithLeadingBOM {
            let fromDictionary = M(data: foundationObject, mutable: false)
            expectSame(.bytesVersusFoundationDictionary, expected, fromDictionary, "init(data: JSONSerialization)")
            if fromDictionary.validate() != issues { fail(.bytesVersusFoundationDictionary, "\(name): validate() differs: \(fromDictionary.validate().map(\.description)) vs \(issues.map(\.description))") }
        }
        checkOutput(model)
        checkFixedPoint(model)
        checkLossless(model, expected: expected, document: wrapObject)
        checkCopies(model, expected: expected)
        // The costly round trips one per case, in turn: every three cases run all of them.
        switch rotation % 3 {
        case 0: checkArchive(model, expected: expected)
        case 1: if !hasDoubleAtIntBoundary { checkCodable(model, expected: expected) }
        default: checkPersistence(model, expected: expected)
        }
    }

    /// Every combination of the five formatting and content options, in the lossless form (the
    /// default) and the declared form.
    static let allOptions: [WrapOutputOptions] = (0..<32).flatMap { bits in
        [WrapOutputOptions(rawValue: bits), WrapOutputOptions(rawValue: bits).union(.declaredOnly)]
    }

    static func parsesAsObject(_ json: Data) -> Bool {
        ((try? JSONSerialization.jsonObject(with: json)) is [String: Any]) && ((try? WrapJSON.parse(json)) is [String: Any])
    }

    mutating func checkOutput<M: RelRootModel>(_ model: M) {
        let name = "\(M.self)"
        for withNulls in [false, true] {
            for forOutput in [false, true] { _ = model.currentModelData(withNulls: withNulls, forOutput: forOutput) }
        }
        // Eight of the 64 combinations per case, in turn: every eight cases write all of them.
        for options in Self.allOptions[(rotation % 8) * 8..<(rotation % 8) * 8 + 8] {
            let tree = model.outputData(options: options)
            let json: Data
            do {
                json = try model.jsonData(options: options)
            } catch {
                if case .unencodable = error {} else { fail(.outputErrors, "\(name): jsonData(options: \(options.rawValue)) threw \(error)") }
                continue
            }
            stats.outputs += 1
            if !Self.parsesAsObject(json) { fail(.validOutput, "\(name): jsonData(options: \(options.rawValue)) wrote \(String(decoding: json.prefix(300), as: UTF8.self))"); continue }
            // The bytes are written from the model directly (or, lossless, copied from its data):
            // they must hold the value of the tree `outputData` builds, as the JSON writer writes it.
            if let written = try? WrapJSON.data(from: tree), canonical(try? WrapJSON.parse(written)) != canonical(try? WrapJSON.parse(json)) {
                fail(.outputMatchesTree, "\(name): jsonData(options: \(options.rawValue)) is not outputData's value:\n    \(String(decoding: json.prefix(300), as: UTF8.self))\n    \(String(decoding: written.prefix(300), as: UTF8.self))")
            }
            let plain = options.subtracting([.prettyPrinted, .sortedKeys])
            if plain != options, let base = try? model.jsonData(options: plain),
               canonical(try? WrapJSON.parse(base)) != canonical(try? WrapJSON.parse(json)) {
                fail(.layoutOnly, "\(name): options \(options.rawValue) and \(plain.rawValue) write different values")
            }
        }
        for withNulls in [false, true] {
            let text = model.currentModelDataAsJSON(withNulls: withNulls)
            // currentModelDataAsJSON is 1.3.7's declared form: the same as jsonData's declared form.
            let options: WrapOutputOptions = withNulls ? [.prettyPrinted, .sortedKeys, .withNulls] : [.prettyPrinted, .sortedKeys]
            let throwing = (try? model.jsonData(options: options.union(.declaredOnly))) == nil
            if (text == nil) != throwing { fail(.outputErrors, "\(name): currentModelDataAsJSON(withNulls: \(withNulls)) is \(text == nil ? "nil" : "text") but jsonData \(throwing ? "throws" : "writes")") }
            if let text, !Self.parsesAsObject(Data(text.utf8)) { fail(.validOutput, "\(name): currentModelDataAsJSON(withNulls: \(withNulls)) wrote \(text.prefix(300))") }
        }
    }

    mutating func checkFixedPoint<M: RelRootModel>(_ model: M) {
        let name = "\(M.self)"
        for withNulls in [false, true] {
            let first = model.currentModelData(withNulls: withNulls)
            let second = M(data: first, mutable: false).currentModelData(withNulls: withNulls)
            if canonical(first) != canonical(second) {
                fail(.fixedPoint, "\(name): currentModelData(withNulls: \(withNulls)) -> init(data:) -> currentModelData:\n    \(canonical(first).prefix(400))\n    \(canonical(second).prefix(400))")
            }
        }
        guard let json = model.currentModelDataAsJSON(withNulls: false) else { return }
        guard let again = M.relJSON(json) else { return fail(.fixedPoint, "\(name): init?(json:) refused currentModelDataAsJSON's output") }
        let second = again.currentModelDataAsJSON(withNulls: false)
        if second != json { fail(.fixedPoint, "\(name): currentModelDataAsJSON -> init?(json:) -> currentModelDataAsJSON:\n\(json.prefix(400))\n\(second?.prefix(400) ?? "nil")") }
    }

    mutating func checkLossless<M: RelRootModel>(_ model: M, expected: [String], document: [String: Any]?) {
        let name = "\(M.self)"
        let options: WrapOutputOptions = [.keepUnmodeledKeys, .includeNonOutputProperties]
        let first: Data
        do {
            first = try model.jsonData(options: options)
        } catch {
            return fail(.lossless, "\(name): jsonData(options: [.keepUnmodeledKeys, .includeNonOutputProperties]) of an unmodified model threw \(error)")
        }
        let written = try? WrapJSON.parse(first)
        if let document, canonical(written) != canonical(document) {
            fail(.lossless, "\(name): keepUnmodeledKeys output differs from the document:\n    \(canonical(written).prefix(400))\n    \(canonical(document).prefix(400))")
        }
        guard let again = try? M.relParsing(first, mutable: false, strict: false) else { return fail(.losslessFixedPoint, "\(name): init(parsing:) refused keepUnmodeledKeys output") }
        expectSame(.losslessFixedPoint, expected, again, "keepUnmodeledKeys output -> init(parsing:)")
        let second = try? again.jsonData(options: options)
        if canonical(second.flatMap { try? WrapJSON.parse($0) }) != canonical(written) {
            fail(.losslessFixedPoint, "\(name): keepUnmodeledKeys output -> model -> output changed:\n    \(String(decoding: first.prefix(400), as: UTF8.self))\n    \(String(decoding: (second ?? Data()).prefix(400), as: UTF8.self))")
        }
    }

    mutating func checkCopies<M: RelRootModel>(_ model: M, expected: [String]) {
        expectSame(.copies, expected, model.copy() as? M, "copy()")
        let mutable = model.mutableCopy() as? M
        expectSame(.copies, expected, mutable, "mutableCopy()")
        expectSame(.copies, expected, mutable?.copy() as? M, "mutableCopy().copy()")
        for (withMutations, isMutable) in [(true, false), (false, true)] {
            expectSame(.copies, expected, M.relCopy(of: model, withMutations: withMutations, mutable: isMutable), "init(asCopyOf:withMutations: \(withMutations), mutable: \(isMutable))")
        }
    }

    mutating func checkArchive<M: RelRootModel>(_ model: M, expected: [String]) {
        // Known trap source: encode(with:) reports unencodable data through failWithError, which
        // traps on Linux. Such a model is a failure of this property, not attempted (see the
        // regression test "archiving a Float read from 1e308").
        guard (try? model.jsonData(options: [.keepUnmodeledKeys, .includeNonOutputProperties, .withNulls, .sortedKeys])) != nil else {
            stats.notArchived += 1
            return fail(.archive, "\(M.self): its archive data is unencodable, so encode(with:) would trap (not attempted)")
        }
        do {
            expectSame(.archive, expected, try archiveRoundTrip(model), "NSKeyedArchiver -> NSKeyedUnarchiver")
        } catch {
            fail(.archive, "\(M.self): unarchiving threw \(error)")
        }
    }

    mutating func checkCodable<M: RelRootModel>(_ model: M, expected: [String]) {
        do {
            let json = try JSONEncoder().encode(model)
            if !Self.parsesAsObject(json) { fail(.validOutput, "\(M.self): JSONEncoder wrote \(String(decoding: json.prefix(300), as: UTF8.self))") }
            expectSame(.codableJSON, Self.integralDoublesAsIntegers(expected),
                       try JSONDecoder().decode(M.self, from: json), "JSONEncoder -> JSONDecoder", integralDoublesAsIntegers: true)
        } catch {
            // A Codable container adds levels: data nested up to the limit may be refused, typed
            // (by our encoder, or by JSONEncoder's own writer, which only says it was "unable").
            let refusedDeep = Self.isNestingLimit(error)
                || (nestingDepth > 500 && String(describing: error).contains("Unable to encode the given top-level value"))
            if !refusedDeep { fail(.codableJSON, "\(M.self): \(error)") }
        }
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            do {
                let encoder = PropertyListEncoder()
                encoder.outputFormat = format
                let plist = try encoder.encode(model)
                expectSame(.codablePlist, Self.integralDoublesAsIntegers(expected), try PropertyListDecoder().decode(M.self, from: plist),
                           "PropertyListEncoder(\(format == .xml ? "xml" : "binary")) -> PropertyListDecoder", integralDoublesAsIntegers: true)
            } catch {
                if !Self.isNestingLimit(error) { fail(.codablePlist, "\(M.self) (\(format == .xml ? "xml" : "binary")): \(error)") }
            }
        }
    }

    mutating func checkPersistence<M: RelRootModel>(_ model: M, expected: [String]) {
        let name = "\(M.self)"
        for format in WrapDataFormat.allCases {
            // Property lists have no null: they keep what the model reads with nulls removed.
            let wanted = format == .json ? expected : M(data: Self.droppingNulls(model.outputData(options: [.keepUnmodeledKeys, .includeNonOutputProperties])) as? [String: Any] ?? [:], mutable: false).readings()
            do {
                let stored = try model.data(format: format)
                expectSame(.persistence, wanted, try M.read(from: stored), "data(format: \(format)) -> read(from:)")
                if format != .binaryPlist {
                    expectSame(.persistence, wanted, try M.read(from: try model.string(format: format)), "string(format: \(format)) -> read(from: String)")
                }
            } catch {
                fail(.persistence, "\(name) \(format): \(error)")
            }
        }
        let format = WrapDataFormat.allCases[(rotation / 3) % WrapDataFormat.allCases.count]
        let wanted = format == .json ? expected : M(data: Self.droppingNulls(model.outputData(options: [.keepUnmodeledKeys, .includeNonOutputProperties])) as? [String: Any] ?? [:], mutable: false).readings()
        do {
            let array = try [M].read(from: try [model, model].data(format: format))
            if array.count != 2 { fail(.persistence, "\(name): [Model] \(format) read back \(array.count) models") }
            for element in array { expectSame(.persistence, wanted, element, "[Model] \(format)") }
            let dictionary = try [String: M].read(from: try ["a": model, "é": model].data(format: format))
            if dictionary.keys.sorted() != ["a", "é"] { fail(.persistence, "\(name): [String: Model] \(format) read back keys \(dictionary.keys.sorted())") }
            for key in dictionary.keys.sorted() { expectSame(.persistence, wanted, dictionary[key], "[String: Model] \(format)") }
        } catch {
            // An array or dictionary of models adds a level: a model nested to the limit is refused, typed.
            if !Self.isNestingLimit(error) { fail(.persistence, "\(name) collections \(format): \(error)") }
        }
    }

    /// How deeply the document's containers nest (brackets outside strings).
    var nestingDepth: Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A typed refusal of data nested beyond the writers' limit (512 levels), which a container
    /// around the model (a Codable envelope, an array of models) can push past the limit.
    static func isNestingLimit(_ error: any Error) -> Bool {
        String(describing: error).contains("nesting deeper than")
    }

    /// `value` without nulls (object members and array elements), as property lists store it.
    static func droppingNulls(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !($0.value is NSNull) }.mapValues { droppingNulls($0) }
        }
        if let array = value as? [Any] { return array.filter { !($0 is NSNull) }.map { droppingNulls($0) } }
        return value
    }

    /// Readings with integral doubles written as integers (`d:1.0` as `i:1`): no Codable coder tells
    /// `1.0` from `1`, so a value held untyped (in a dictionary or `Any`) comes back as an integer;
    /// typed reads (`Double`, `[Double]`) still read the same value.
    static func integralDoublesAsIntegers(_ readings: [String]) -> [String] {
        readings.map { reading in
            reading.replacing(/d:(-?[0-9]+)\.0(?![0-9])/) { "i:\($0.output.1)" }
        }
    }
}
