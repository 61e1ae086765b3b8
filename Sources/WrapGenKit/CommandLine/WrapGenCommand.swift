import Foundation

/// The `wrapgen` command line, parsed by hand.
public struct WrapGenCommand: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case help
        case json(samples: [String], name: String)
        case dataModel(path: String, name: String?)
        /// Recorded responses against generated models (`--model-source`), root class `name`.
        case check(responses: [String], modelSource: String, name: String?)
    }

    public var mode: Mode
    public var options: WrapGenOptions
    /// Folder to write `<Name>.swift` into; nil: standard output.
    public var outputDirectory: String?

    public static let usage = """
        wrapgen: generate WrapModel classes from JSON samples or an Xcode data model.

        USAGE:
          wrapgen json SAMPLE.json... --name NAME [--style property|wrappers|classic] [--mutable] [--enums]
                       [--prefix PREFIX] [--explicit-keys] [--output DIR]
          wrapgen xcdatamodel PATH [--name FILE] [--style property|wrappers|classic] [--mutable]
                       [--explicit-keys] [--output DIR]
          wrapgen check RESPONSE.json... --model-source DIR [--name CLASS]
          wrapgen --help

        COMMANDS:
          json          Infer classes from one or more JSON samples of the same data: each an object,
                        or an array of objects (a list endpoint; its elements become the model).
          xcdatamodel   One class per entity of a .xcdatamodeld folder (current version), a .xcdatamodel
                        folder or its `contents` file; Groot and State user-info keys are honoured.

          check         Read recorded responses (objects, or arrays of objects) with the classes wrapgen
                        generated into DIR, with WrapModel's conversion rules, and print every issue
                        and every key no property reads. Exit status 1 when anything is printed
                        besides the summary. CLASS defaults to the first class of the first file.

        OPTIONS:
          --name NAME       json: the root class name (required). xcdatamodel: the output file name
                            (default: the model's name).
          --style STYLE     property (default): `@Property var name: Int` (one generic wrapper;
                            the key is left out where the class's keyNaming gives it from the name);
                            wrappers: `@IntProperty("key") var name: Int` (1.3.7's named wrappers);
                            classic: `let name = WPInt("key")`.
          --mutable         Wrapper styles: Mut… wrappers, so properties can be assigned.
          --enums           json: strings repeating a few values (at most 8) become enums.
          --prefix PREFIX   Put PREFIX before every generated class and enum name.
          --explicit-keys   Property style: spell every key out (`@Property("name") var name: Int`).
          --output DIR      Write DIR/NAME.swift (DIR is created if needed) instead of standard output.
          -h, --help        Show this help.

        Warnings go to standard error. Exit status: 0 success, 1 bad input, 2 bad command line.
        """

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(WrapGenError) -> WrapGenCommand {
        var positional: [String] = []
        var name: String?
        var style = WrapGenStyle.property
        var mutable = false
        var enums = false
        var prefix = ""
        var explicitKeys = false
        var output: String?
        var modelSource: String?
        var index = 0
        var optionsEnded = false

        func value(for option: String, inline: String?) throws(WrapGenError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw .usage("\(option) needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                index += 1
                continue
            }
            var option = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                option = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch option {
            case "--":
                optionsEnded = true
            case "-h", "--help":
                return WrapGenCommand(mode: .help, options: WrapGenOptions(), outputDirectory: nil)
            case "--name":
                name = try value(for: option, inline: inline)
            case "--style":
                let text = try value(for: option, inline: inline)
                guard let parsed = WrapGenStyle(rawValue: text) else {
                    throw .usage("--style must be property, wrappers or classic, not '\(text)'")
                }
                style = parsed
            case "--mutable":
                if inline != nil { throw .usage("--mutable takes no value") }
                mutable = true
            case "--enums":
                if inline != nil { throw .usage("--enums takes no value") }
                enums = true
            case "--explicit-keys":
                if inline != nil { throw .usage("--explicit-keys takes no value") }
                explicitKeys = true
            case "--prefix":
                prefix = try value(for: option, inline: inline)
                guard prefix.isEmpty || Naming.isValidTypeName(prefix) else {
                    throw .usage("--prefix '\(prefix)' cannot start a Swift type name")
                }
            case "--model-source":
                modelSource = try value(for: option, inline: inline)
            case "--output", "-o":
                output = try value(for: option, inline: inline)
            default:
                throw .usage("unknown option '\(option)' (see wrapgen --help)")
            }
            index += 1
        }

        guard let command = positional.first else {
            throw .usage("missing command: json, xcdatamodel or check (see wrapgen --help)")
        }
        let rest = Array(positional.dropFirst())
        let options = WrapGenOptions(style: style, mutable: mutable, enums: enums, prefix: prefix, explicitKeys: explicitKeys)
        switch command {
        case "help":
            return WrapGenCommand(mode: .help, options: options, outputDirectory: nil)
        case "json":
            guard !rest.isEmpty else { throw .usage("json: give at least one sample file") }
            guard let name else { throw .usage("json: --name is required (the root class name)") }
            return WrapGenCommand(mode: .json(samples: rest, name: name), options: options, outputDirectory: output)
        case "xcdatamodel":
            guard rest.count == 1, let path = rest.first else {
                throw .usage("xcdatamodel: give exactly one data model path")
            }
            return WrapGenCommand(mode: .dataModel(path: path, name: name), options: options, outputDirectory: output)
        case "check":
            guard !rest.isEmpty else { throw .usage("check: give at least one response file") }
            guard let modelSource else { throw .usage("check: --model-source DIR is required (the generated files)") }
            return WrapGenCommand(mode: .check(responses: rest, modelSource: modelSource, name: name), options: options, outputDirectory: nil)
        default:
            throw .usage("unknown command '\(command)': use json, xcdatamodel or check (see wrapgen --help)")
        }
    }

    /// Runs the command line: prints to `standardOutput`/`standardError` and returns the exit status.
    public static func run(_ arguments: [String], standardOutput: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                           standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) -> Int32 {
        let command: WrapGenCommand
        do {
            command = try parse(arguments)
        } catch {
            standardError("wrapgen: \(error.description)\n")
            return 2
        }
        do {
            let output: WrapGenOutput
            switch command.mode {
            case .help:
                standardOutput(usage + "\n")
                return 0
            case let .json(samples, name):
                output = try WrapGen.generate(jsonFiles: samples.map { URL(fileURLWithPath: $0) }, rootName: name,
                                              options: command.options)
            case let .check(responses, modelSource, name):
                let report = try CheckCommand.run(sourceFolder: modelSource, responses: responses, modelName: name)
                for note in report.notes { standardError("wrapgen: \(note)\n") }
                standardOutput(report.lines.joined(separator: "\n") + "\n")
                return report.failed ? 1 : 0
            case let .dataModel(path, name):
                output = try WrapGen.generate(dataModel: URL(fileURLWithPath: path), fileName: name, options: command.options)
            }
            for warning in output.warnings { standardError("wrapgen: \(warning)\n") }
            if let directory = command.outputDirectory {
                let path = try write(output, to: directory)
                standardOutput("\(path)\n")
            } else {
                standardOutput(output.source)
            }
            return 0
        } catch {
            if case .usage = error {
                standardError("wrapgen: \(error.description)\n")
                return 2
            }
            standardError("wrapgen: error: \(error.description)\n")
            return 1
        }
    }

    static func write(_ output: WrapGenOutput, to directory: String) throws(WrapGenError) -> String {
        let folder = URL(fileURLWithPath: directory)
        let file = folder.appendingPathComponent(output.fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(output.source.utf8).write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: "cannot create the folder or file")
        }
        return file.path
    }
}
