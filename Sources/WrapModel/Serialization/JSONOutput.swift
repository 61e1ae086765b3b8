import Foundation

/// Writes model output as JSON with the package's own writer.
enum JSONOutput {
    static func bytes(_ value: Any, options: WrapOutputOptions) throws(WrapModelError) -> [UInt8] {
        do {
            return try JSONWriter.write(value, options: writerOptions(options))
        } catch {
            throw .unencodable(keyPath: error.path, found: error.found)
        }
    }

    /// As ``bytes(_:options:)``, straight into `Data`.
    static func data(_ value: Any, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        do {
            return try JSONWriter.writeData(value, options: writerOptions(options))
        } catch {
            throw .unencodable(keyPath: error.path, found: error.found)
        }
    }

    /// As ``data(_:options:)`` for lossless output.
    static func data(_ object: OrderedObject, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        do {
            return try JSONWriter.writeData(object, options: writerOptions(options))
        } catch {
            throw .unencodable(keyPath: error.path, found: error.found)
        }
    }

    /// Whether `options` ask for output a model may write straight into the writer (compact,
    /// not lossless, key order free); see `WrapModel.writeJSON(into:_:depth:)`.
    static func writesDirectly(_ options: WrapOutputOptions) -> Bool {
        options.isDisjoint(with: [.prettyPrinted, .sortedKeys, .keepUnmodeledKeys])
    }

    /// `model`'s compact output (`options` as ``writesDirectly(_:)`` accepts), written without
    /// building its tree first.
    static func data(of model: WrapModel, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        var writer = JSONWriter(options: [], capacity: 4 * 1024)
        do {
            try model.writeJSON(into: &writer, WrapEncodingContext(options), depth: 0)
        } catch {
            writer.out.release()
            throw .unencodable(keyPath: error.path, found: error.found)
        }
        return writer.out.takeData()
    }

    private static func writerOptions(_ options: WrapOutputOptions) -> JSONWriter.Options {
        var writing: JSONWriter.Options = []
        if options.contains(.prettyPrinted) { writing.insert(.prettyPrinted) }
        if options.contains(.sortedKeys) { writing.insert(.sortedKeys) }
        return writing
    }

    static func string(_ value: Any, options: WrapOutputOptions) throws(WrapModelError) -> String {
        String(decoding: try bytes(value, options: options), as: UTF8.self)
    }
}
