import Foundation
import PackagePlugin

/// `swift package wrapgen …`: runs the package's `wrapgen` tool with the given arguments, so an
/// app that depends on WrapModel can generate and check models without cloning this repository.
/// Relative paths are resolved against the root of the package the command runs in.
@main
struct WrapGenPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "wrapgen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WrapGenPluginError(status: process.terminationStatus)
        }
    }
}

/// wrapgen's own message is already on standard error; this only carries its exit status.
struct WrapGenPluginError: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "wrapgen exited with status \(status)" }
}
