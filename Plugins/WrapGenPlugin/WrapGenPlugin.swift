import Foundation
import PackagePlugin

/// `swift package wrapgen …`: runs the package's `wrapgen` tool with the given arguments, so an
/// app that depends on WrapModel can generate and check models without cloning this repository.
/// Relative paths are resolved against the root of the package the command runs in.
///
/// On macOS, SwiftPM runs a command plugin and the tools it launches in a sandbox that may write
/// only inside the package directory (with its permission) and in folders named with
/// `--allow-writing-to-directory`. An `--output` folder elsewhere is checked before wrapgen runs,
/// and refused with the command that allows it.
@main
struct WrapGenPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        #if os(macOS)
        if let output = Self.outputDirectory(in: arguments, relativeTo: context.package.directoryURL),
           !Self.isInside(output, context.package.directoryURL), !Self.canWrite(into: output) {
            throw WrapGenPluginError.outputOutsideSandbox(directory: output.path, arguments: arguments)
        }
        #endif
        let tool = try context.tool(named: "wrapgen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WrapGenPluginError.failed(status: process.terminationStatus)
        }
    }

    /// The folder `--output DIR` (`-o DIR`, `--output=DIR`) names among `arguments`, resolved
    /// against `base` as wrapgen resolves it; nil when there is none.
    static func outputDirectory(in arguments: [String], relativeTo base: URL) -> URL? {
        var index = 0
        var path: String?
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--output" || argument == "-o", index + 1 < arguments.count {
                path = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--output=") {
                path = String(argument.dropFirst("--output=".count))
            }
            index += 1
        }
        guard let path, !path.isEmpty else { return nil }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        return url.standardizedFileURL
    }

    /// Whether `url` is `directory` or inside it.
    static func isInside(_ url: URL, _ directory: URL) -> Bool {
        let folder = directory.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let path = url.resolvingSymlinksInPath().pathComponents
        return path.count >= folder.count && Array(path.prefix(folder.count)) == folder
    }

    /// Whether this process may create `directory` (if needed) and a file in it: what wrapgen
    /// will do. The file is removed again.
    static func canWrite(into directory: URL) -> Bool {
        let probe = directory.appendingPathComponent(".wrapgen-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data().write(to: probe)
        } catch {
            return false
        }
        try? FileManager.default.removeItem(at: probe)
        return true
    }
}

/// Why the plugin stopped. When wrapgen itself fails, its own message is already on standard
/// error and this carries its exit status.
enum WrapGenPluginError: Error, CustomStringConvertible {
    /// The `--output` folder is outside the package and the plugin's sandbox does not allow it.
    case outputOutsideSandbox(directory: String, arguments: [String])
    /// wrapgen exited with this status.
    case failed(status: Int32)

    var description: String {
        switch self {
        case .outputOutsideSandbox(let directory, let arguments):
            let quoted = ([directory] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }
            return """
                cannot write to \(directory): on macOS a command plugin may write only inside the package \
                and in folders named with --allow-writing-to-directory. Run
                    swift package --allow-writing-to-package-directory --allow-writing-to-directory \
                \(quoted[0]) wrapgen \(quoted.dropFirst().joined(separator: " "))
                or choose an --output folder inside the package.
                """
        case .failed(let status):
            return "wrapgen exited with status \(status)"
        }
    }
}
