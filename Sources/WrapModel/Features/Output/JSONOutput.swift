import Foundation
import WrapModelJSON

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

    /// Whether `options` ask for output a model may write straight into the writer: anything but
    /// lossless output, and no pretty printing without sorted keys (a dictionary's member order,
    /// which that layout shows, is not the declaration order). See `WrapModel.writeJSON(into:_:depth:)`.
    static func writesDirectly(_ options: WrapOutputOptions) -> Bool {
        !options.contains(.keepUnmodeledKeys) && (options.contains(.sortedKeys) || !options.contains(.prettyPrinted))
    }

    /// `model`'s output (`options` as ``writesDirectly(_:)`` accepts), written without building
    /// its tree first. Sorted or pretty output is written compact first, then laid out from that
    /// text's tape: the same bytes the writer makes of the model's dictionary.
    static func data(of model: WrapModel, options: WrapOutputOptions) throws(WrapModelError) -> Data {
        var writer = JSONWriter(options: [], capacity: 4 * 1024)
        do {
            try model.writeJSON(into: &writer, WrapEncodingContext(options), depth: 0)
        } catch {
            writer.out.release()
            throw .unencodable(keyPath: error.path, found: error.found)
        }
        let layout = writerOptions(options)
        if layout.isEmpty { return writer.out.takeData() }
        defer { writer.out.release() }
        let compact = UnsafeBufferPointer(start: UnsafePointer(writer.out.base), count: writer.out.count)
        let laidOut = try? JSONTapeBuilder.withTemporaryTape(compact, maxDepth: JSONWriter.maxDepth &+ 1) { view in
            var output = JSONWriter(options: layout, capacity: compact.count &* 2 &+ 256)
            output.writeLaidOut(view, 0, depth: 0)
            return output.out.takeData()
        }
        // The writer's own compact output always parses; should it not, the dictionary still writes.
        if let laidOut { return laidOut }
        return try data(model.outputTree(WrapEncodingContext(options)).writable, options: options)
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
