import Foundation
import WrapModelJSON
import WrapModelFormats

extension WrapModelStore {
    /// Imports the elements of a stream as they arrive, merging by identity exactly as
    /// ``import(_:merge:)-(Data,_)`` does, and returns the same report once the stream has ended.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)
    /// let result = try await posts.import(streaming: bytes, format: .jsonLines)
    /// ```
    /// Each element is stored as soon as it has been read, so other code sees the store fill
    /// up while the stream is still arriving; the stream keeps one chunk and one element, the
    /// store the models. Elements that are not objects, or have no usable identity, are reported
    /// in ``ImportResult/issues`` with key path `[i]` (`i` the element's index) and the import
    /// goes on; an element that is not JSON follows ``WrapStreamOptions/onBadElement``.
    /// - Parameters:
    ///   - source: The bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`).
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - merge: Merge into stored models (`true`, the default) or replace their data.
    ///   - options: Limits and choices; see ``WrapStreamOptions``.
    ///   - isolation: Where the source is read; the caller's actor by default.
    /// - Throws: ``WrapStreamError``. Elements before the error are stored.
    @discardableResult
    public func `import`<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array, merge: Bool = true,
                                                options: WrapStreamOptions = WrapStreamOptions(),
                                                isolation: isolated (any Actor)? = #isolation) async throws(WrapStreamError) -> ImportResult
    where Source.Element == UInt8 {
        try await importStream(AsyncFramedElements(source, shape: .bytes, framer: format.makeFramer(limit: options.maxElementBytes)),
                               merge: merge, options: options, isolation: isolation)
    }

    /// Imports a stream of `Data` chunks as it arrives; see
    /// `import(streaming:format:merge:options:isolation:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    ///   - isolation: The actor the source is read on. Defaults to `#isolation`, the caller's.
    /// - Throws: ``WrapStreamError``. Elements before the error are stored.
    @discardableResult
    public func `import`<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array, merge: Bool = true,
                                                options: WrapStreamOptions = WrapStreamOptions(),
                                                isolation: isolated (any Actor)? = #isolation) async throws(WrapStreamError) -> ImportResult
    where Source.Element == Data {
        try await importStream(AsyncFramedElements(source, shape: .data, framer: format.makeFramer(limit: options.maxElementBytes)),
                               merge: merge, options: options, isolation: isolation)
    }

    /// Imports a stream of `[UInt8]` chunks as it arrives; see
    /// `import(streaming:format:merge:options:isolation:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    ///   - isolation: The actor the source is read on. Defaults to `#isolation`, the caller's.
    /// - Throws: ``WrapStreamError``. Elements before the error are stored.
    @discardableResult
    public func `import`<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array, merge: Bool = true,
                                                options: WrapStreamOptions = WrapStreamOptions(),
                                                isolation: isolated (any Actor)? = #isolation) async throws(WrapStreamError) -> ImportResult
    where Source.Element == [UInt8] {
        try await importStream(AsyncFramedElements(source, shape: .arrays, framer: format.makeFramer(limit: options.maxElementBytes)),
                               merge: merge, options: options, isolation: isolation)
    }

    /// Imports a file as a stream, synchronously, ``WrapStreamOptions/chunkSize`` bytes at a time;
    /// see `import(streaming:format:merge:options:isolation:)` over a sequence of bytes.
    /// - Throws: ``WrapStreamError``; ``WrapStreamError/Kind/sourceFailed(_:)`` when the file cannot be opened.
    /// - Parameters:
    ///   - url: The file.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    @discardableResult
    public func `import`(streamingContentsOf url: URL, format: WrapStreamFormat = .array, merge: Bool = true,
                         options: WrapStreamOptions = WrapStreamOptions()) throws(WrapStreamError) -> ImportResult {
        let handle = try openForStreaming(url)
        var elements = SyncFramedElements(framer: format.makeFramer(limit: options.maxElementBytes),
                                          pull: SyncFramedElements.reading(handle, chunkSize: options.effectiveChunkSize, closing: true))
        var report = StreamImportReport<Model>()
        while let element = try elements.next() {
            guard try importElement(element, merge: merge, options: options, into: &report) else { break }
        }
        return report.result
    }

    private func importStream<Source: AsyncSequence>(_ elements: AsyncFramedElements<Source>, merge: Bool, options: WrapStreamOptions,
                                                     isolation: isolated (any Actor)?) async throws(WrapStreamError) -> ImportResult {
        var elements = elements
        var report = StreamImportReport<Model>()
        while let element = try await elements.next(isolation: isolation) {
            guard try importElement(element, merge: merge, options: options, into: &report) else {
                elements.stop()
                break
            }
        }
        return report.result
    }

    /// Stores one element; false when the options say a bad element ends the stream.
    private func importElement(_ element: FramedElement, merge: Bool, options: WrapStreamOptions,
                               into report: inout StreamImportReport<Model>) throws(WrapStreamError) -> Bool {
        let prefix = "[\(element.index)]"
        let value: Any
        do {
            value = try JSONInput.value(from: element.bytes)
        } catch {
            let decoding = ElementDecoding(mutable: true, strict: false, options: options)
            switch try decoding.handle(error, of: element) as ElementDecoding.Outcome<Void> {
            case .end: return false
            case .skip, .deliver: return true
            }
        }
        guard let object = NativeValue.object(value) else {
            report.issues.append(WrapModelIssue(keyPath: prefix, kind: .wrongType(expected: "object", found: JSONTypeName.of(value))))
            return true
        }
        guard let (model, inserted) = importObject(object, merge: merge, prefix: prefix, issues: &report.issues) else { return true }
        report.models.append(model)
        if inserted { report.insertedCount += 1 } else { report.updatedCount += 1 }
        return true
    }
}

/// What a streamed import has done so far.
struct StreamImportReport<Model: WrapModel> {
    var models: [Model] = []
    var issues: [WrapModelIssue] = []
    var insertedCount = 0
    var updatedCount = 0

    var result: WrapModelStore<Model>.ImportResult {
        WrapModelStore<Model>.ImportResult(models: models, issues: issues, insertedCount: insertedCount, updatedCount: updatedCount)
    }
}
