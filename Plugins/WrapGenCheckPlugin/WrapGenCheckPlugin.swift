import Foundation
import PackagePlugin

/// `swift package wrapgen-check RESPONSE.json... --model-source DIR [--name CLASS]`: runs
/// `wrapgen check`, which only reads, so unlike `swift package wrapgen` this plugin declares no
/// permission to write to the package directory and SwiftPM asks for none. It runs `check` and
/// nothing else: `json` and `xcdatamodel`, which write files, are refused.
/// Relative paths are resolved against the root of the package the command runs in.
@main
struct WrapGenCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        // `swift package wrapgen-check check …` reads as well as without the repeated verb.
        if arguments.first == "check" { arguments.removeFirst() }
        if let command = arguments.first, ["json", "xcdatamodel"].contains(command) {
            throw WrapGenCheckPluginError.writingCommand(command)
        }
        let tool = try context.tool(named: "wrapgen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WrapGenCheckPluginError.failed(status: process.terminationStatus)
        }
    }
}

/// Why the plugin stopped; wrapgen's own report is already on standard output and error.
enum WrapGenCheckPluginError: Error, CustomStringConvertible {
    /// A command that writes files, which this plugin has no permission for.
    case writingCommand(String)
    /// wrapgen found issues (status 1) or could not run (status 2 for a bad command line).
    case failed(status: Int32)

    var description: String {
        switch self {
        case .writingCommand(let command):
            return "wrapgen-check only checks responses; run `swift package --allow-writing-to-package-directory wrapgen \(command) …` to generate"
        case .failed(let status):
            return status == 1 ? "wrapgen check found issues (exit status 1)" : "wrapgen exited with status \(status)"
        }
    }
}
