import Foundation
import WrapModel

/// Why generation failed. Every description is one line, fit for stderr.
public enum WrapGenError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Bad command line or arguments.
    case usage(String)
    /// A file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// A JSON sample is not valid JSON.
    case malformedJSON(file: String, line: Int, column: Int, message: String)
    /// A JSON sample's root is neither an object nor an array of objects.
    case nonObjectRoot(file: String, found: String)
    /// The data model is missing, not XML, or not a Core Data model.
    case invalidModel(file: String, message: String)
    /// The output could not be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .usage(let message): return message
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case let .malformedJSON(file, line, column, message): return "\(file):\(line):\(column): malformed JSON: \(message)"
        case let .nonObjectRoot(file, found): return "\(file): the root of a sample must be an object or an array of objects, found \(found)"
        case let .invalidModel(file, message): return "\(file): invalid data model: \(message)"
        case let .unwritable(path, reason): return "cannot write \(path): \(reason)"
        }
    }
}

/// Generated Swift source and what the generator noticed on the way.
public struct WrapGenOutput: Sendable, Equatable {
    /// The file name to write the source under, e.g. `Customer.swift`.
    public var fileName: String
    public var source: String
    /// Things the user should know (unknown user-info keys, unsupported settings), one line each.
    public var warnings: [String]
}

/// The model generator: JSON samples or an Xcode data model in, WrapModel classes out.
///
/// ```swift
/// let output = try WrapGen.generate(jsonSamples: [("customer.json", data)], rootName: "Customer")
/// print(output.source)
/// ```
public enum WrapGen {
    /// Generates classes from JSON samples already in memory.
    /// - Parameters:
    ///   - jsonSamples: `(name, data)` pairs; `name` (a file name) appears in the header and errors.
    ///   - rootName: The class name for the samples' root object.
    public static func generate(jsonSamples: [(name: String, data: Data)], rootName: String,
                                options: WrapGenOptions = WrapGenOptions()) throws(WrapGenError) -> WrapGenOutput {
        guard !jsonSamples.isEmpty else { throw .usage("no JSON samples given") }
        let rootName = rootName.hasPrefix(options.prefix) ? rootName : options.prefix + rootName
        if let problem = Naming.typeNameProblem(rootName) { throw .usage("--name \(problem)") }
        let root = ObjectShape()
        var arrayRoots = 0
        for sample in jsonSamples {
            let value = try JSONSource.parse(sample.data, file: sample.name)
            switch value.kind {
            case .object:
                root.add(value.members)
            case .array:
                // A list endpoint: its elements are the model.
                arrayRoots += 1
                for (index, element) in value.elements.enumerated() {
                    guard element.kind == .object else {
                        throw .nonObjectRoot(file: sample.name, found: "\(element.typeName) at [\(index)]")
                    }
                    root.add(element.members)
                }
            default:
                throw .nonObjectRoot(file: sample.name, found: value.typeName)
            }
        }
        guard root.count > 0 else { throw .nonObjectRoot(file: jsonSamples[0].name, found: "only empty arrays") }
        var model = GeneratedModel(sources: jsonSamples.map(\.name), sourceKind: "JSON sample\(jsonSamples.count == 1 ? "" : "s")")
        if arrayRoots > 0 {
            model.headerNotes = ["The sample\(jsonSamples.count == 1 ? " is an array" : "s are arrays") of \(rootName) objects: read one with",
                                 "`try \(rootName).importModels(from: data)`."]
        }
        let built = JSONInference.build(root: root, rootName: rootName, options: options)
        model.enums = built.enums
        model.classes = built.classes
        if root.mapValues != nil {
            model.headerNotes.append("The root's keys are ids: \(rootName) reads them as `entries`.")
        }
        let source = SwiftEmitter(options: options).emit(model)
        return WrapGenOutput(fileName: rootName + ".swift", source: source, warnings: built.warnings)
    }

    /// Generates classes from JSON sample files.
    public static func generate(jsonFiles: [URL], rootName: String,
                                options: WrapGenOptions = WrapGenOptions()) throws(WrapGenError) -> WrapGenOutput {
        var samples: [(name: String, data: Data)] = []
        for url in jsonFiles {
            samples.append((url.lastPathComponent, try readFile(url)))
        }
        return try generate(jsonSamples: samples, rootName: rootName, options: options)
    }

    /// Generates one class per entity of an Xcode data model.
    /// - Parameters:
    ///   - dataModel: A `.xcdatamodeld` folder (its current version is used), a `.xcdatamodel`
    ///     folder, or a `contents` XML file.
    ///   - fileName: Base name of the output file; by default the model's name: `Zoo` for
    ///     `Zoo.xcdatamodeld`, any version folder in it, `Zoo.xcdatamodel`, `Zoo.xcdatamodel/contents`
    ///     and a loose `Zoo.xcdatamodel.contents`; a `contents` file elsewhere takes its folder's name.
    public static func generate(dataModel: URL, fileName: String? = nil,
                                options: WrapGenOptions = WrapGenOptions()) throws(WrapGenError) -> WrapGenOutput {
        let location = try DataModelLocator.locate(dataModel)
        let data = try readFile(location.contents)
        return try generate(dataModelXML: data, sources: location.sourceNames,
                            fileName: fileName ?? location.modelName, options: options)
    }

    /// Generates classes from the text of a data model's `contents` file.
    /// - Parameters:
    ///   - sources: File names for the header and for errors.
    ///   - fileName: Base name of the output file.
    public static func generate(dataModelXML: Data, sources: [String], fileName: String,
                                options: WrapGenOptions = WrapGenOptions()) throws(WrapGenError) -> WrapGenOutput {
        let description = sources.last ?? "contents"
        let entities = try DataModelParser.parse(dataModelXML, file: description)
        var builder = DataModelBuilder(entities: entities)
        var model = GeneratedModel(sources: sources, sourceKind: "Xcode data model")
        (model.enums, model.classes) = builder.build()
        if !builder.transformerNames.isEmpty {
            let names = builder.transformerNames.sorted().map(Naming.stringLiteral).joined(separator: ", ")
            model.headerNotes.append("Register these value transformers before reading: \(names).")
        }
        let source = SwiftEmitter(options: options).emit(model)
        return WrapGenOutput(fileName: fileName + ".swift", source: source, warnings: builder.warnings + SwiftEmitter.nonisolatedLadderWarnings(model))
    }

    static func readFile(_ url: URL) throws(WrapGenError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: url.path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(path: url.path, reason: "is a directory") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: "permission denied or unreadable")
        }
    }
}
