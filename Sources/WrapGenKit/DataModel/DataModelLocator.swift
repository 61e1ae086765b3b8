import Foundation

/// Finds the `contents` file of a data model given any of the paths users pass.
enum DataModelLocator {
    struct Location {
        var contents: URL
        /// How the header names the input, relative to what the user passed, e.g.
        /// `Library.xcdatamodeld/Library 2.xcdatamodel`.
        var sourceNames: [String]
        /// The model's name, e.g. `Library`.
        var modelName: String
    }

    static func locate(_ url: URL) throws(WrapGenError) -> Location {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: url.path, reason: "no such file or folder")
        }
        let name = url.lastPathComponent
        guard isDirectory.boolValue else {
            // A `contents` file: name it by its folders when they are the usual ones.
            let parent = url.deletingLastPathComponent()
            if parent.pathExtension == "xcdatamodel" {
                let grand = parent.deletingLastPathComponent()
                if grand.pathExtension == "xcdatamodeld" {
                    return Location(contents: url, sourceNames: ["\(grand.lastPathComponent)/\(parent.lastPathComponent)"],
                                    modelName: grand.deletingPathExtension().lastPathComponent)
                }
                return Location(contents: url, sourceNames: [parent.lastPathComponent],
                                modelName: parent.deletingPathExtension().lastPathComponent)
            }
            return Location(contents: url, sourceNames: [name], modelName: modelName(ofFile: url))
        }
        if url.pathExtension == "xcdatamodeld" {
            let version = try currentVersion(in: url)
            return Location(contents: version.appendingPathComponent("contents"),
                            sourceNames: ["\(name)/\(version.lastPathComponent)"],
                            modelName: url.deletingPathExtension().lastPathComponent)
        }
        // A version folder picked out of its bundle is still that model: `Library.xcdatamodeld/Library 2.xcdatamodel` is `Library`.
        let bundle = url.deletingLastPathComponent()
        if bundle.pathExtension == "xcdatamodeld" {
            return Location(contents: url.appendingPathComponent("contents"), sourceNames: ["\(bundle.lastPathComponent)/\(name)"],
                            modelName: bundle.deletingPathExtension().lastPathComponent)
        }
        return Location(contents: url.appendingPathComponent("contents"), sourceNames: [name],
                        modelName: url.deletingPathExtension().lastPathComponent)
    }

    /// The model name a loose `contents` file stands for: `Zoo.xcdatamodel.contents` (a copy named
    /// after its folder) and `Zoo.xml` are `Zoo`; a bare `contents` takes its folder's name.
    static func modelName(ofFile url: URL) -> String {
        var name = url.lastPathComponent
        if name == "contents" {
            name = url.deletingLastPathComponent().lastPathComponent
        }
        for suffix in [".contents", ".xml", ".xcdatamodel", ".xcdatamodeld"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name.isEmpty || name == "/" ? "DataModel" : name
    }

    /// The version `.xccurrentversion` names; without one, the only version or else the last by name.
    static func currentVersion(in bundle: URL) throws(WrapGenError) -> URL {
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if let data = try? Data(contentsOf: marker) {
            guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
                  let dict = plist as? [String: Any], let current = dict["_XCCurrentVersionName"] as? String else {
                throw .invalidModel(file: "\(bundle.lastPathComponent)/.xccurrentversion",
                                    message: "not a property list naming _XCCurrentVersionName")
            }
            let version = bundle.appendingPathComponent(current)
            guard FileManager.default.fileExists(atPath: version.path) else {
                throw .invalidModel(file: bundle.lastPathComponent, message: "the current version \(current) is missing")
            }
            return version
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: bundle.path)
        } catch {
            throw .unreadable(path: bundle.path, reason: "cannot list the folder")
        }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard let last = versions.last else {
            throw .invalidModel(file: bundle.lastPathComponent, message: "no .xcdatamodel version inside")
        }
        return bundle.appendingPathComponent(last)
    }
}
