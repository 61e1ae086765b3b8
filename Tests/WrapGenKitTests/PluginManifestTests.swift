import Foundation
import Testing

/// The command plugins as Package.swift declares them: running a plugin needs SwiftPM itself, so
/// these tests read the manifest (`swift package wrapgen-check …` was run by hand as well).
@Suite struct PluginManifestTests {
    static let root = Fixtures.testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the `.plugin(…)` target named `name` in Package.swift.
    private func pluginTarget(_ name: String) throws -> String {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: ".plugin(\n            name: \"\(name)\""))
        let end = try #require(manifest.range(of: "\n        ),\n", range: start.upperBound..<manifest.endIndex))
        return String(manifest[start.lowerBound..<end.upperBound])
    }

    @Test("swift package wrapgen-check checks responses without asking to write to the package")
    func checkPluginAsksForNoPermission() throws {
        let target = try pluginTarget("WrapGenCheckPlugin")
        #expect(target.contains(#"intent: .custom(verb: "wrapgen-check""#))
        #expect(!target.contains("permissions"))
        #expect(target.contains(#"dependencies: ["wrapgen"]"#))
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".plugin(name: "WrapGenCheckPlugin", targets: ["WrapGenCheckPlugin"])"#))
        // It runs `wrapgen check` and nothing else.
        let source = try String(contentsOf: Self.root.appendingPathComponent("Plugins/WrapGenCheckPlugin/WrapGenCheckPlugin.swift"),
                                encoding: .utf8)
        #expect(source.contains(#"process.arguments = ["check"] + arguments"#))
    }

    @Test("swift package wrapgen, which writes generated files, still declares why it writes")
    func generatingPluginDeclaresWriting() throws {
        let target = try pluginTarget("WrapGenPlugin")
        #expect(target.contains(#"intent: .custom(verb: "wrapgen""#))
        #expect(target.contains(#"permissions: [.writeToPackageDirectory(reason: "wrapgen writes the generated Swift files where --output says")]"#))
    }
}
