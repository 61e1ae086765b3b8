internal import WrapModelJSONIndex
import Synchronization

/// The tape builder's fast path, in C, on x86-64 processors with AVX2: a first pass lists, 64
/// bytes at a time with vector instructions, where the structural characters, quotes, escapes and
/// other tokens are (`StructuralIndex.h` walks an example); a second pass checks the grammar from
/// those positions alone and writes the same tape the byte-at-a-time parser writes
/// (`IndexedTape.h`).
///
/// Why: the byte-at-a-time parser spent most of its time finding where whitespace, strings and
/// keys end, one small scan per token; here those scans are one pass of vector code over the whole
/// input, and the second pass touches only the bytes tokens begin with.
///
/// It never reports an error: on anything it does not accept it returns false and the builder
/// parses the input again byte by byte, which finds the error and describes it as always. So the
/// two paths can only differ in speed, which the differential tests check (same tapes, and the
/// same verdict, on valid, invalid and random inputs).
extension JSONTapeBuilder {
    /// Inputs shorter than this go byte by byte: setting up the scan would cost more than it saves.
    static let indexedMinimumBytes = 128

    /// Whether this machine takes the indexed path: x86-64 processors with AVX2. Elsewhere the
    /// first pass would classify byte by byte, which is slower than the byte-at-a-time parser.
    static let indexedPathAvailable = wrapmodel_structural_vector_available() != 0

    /// Whether the indexed path is switched on (it is unless the benchmark switches it off to
    /// measure the byte-at-a-time parser on the same machine).
    static let indexedPathSwitch = Atomic<Bool>(true)

    /// Builds the tape through the structural index; false (with a partial tape) when the input is
    /// not valid JSON or exceeds a limit, which the caller then reports by parsing it byte by byte.
    /// `classifier` is the first pass's block classifier (tests run each one).
    mutating func runIndexed(classifier: wrapmodel_classifier = wrapmodel_classifier_vector) -> Bool {
        let hasByteOrderMark = lenient && n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
        var buffer = wrapmodel_tape_buffer(words: tape, count: 0, capacity: capacity)
        let built = wrapmodel_build_indexed_tape(p, n, hasByteOrderMark ? 3 : 0, lenient ? 1 : 0, maxDepth, classifier,
                                                 &buffer) != 0
        adoptTape(buffer.words, count: buffer.count, capacity: buffer.capacity)
        return built
    }
}

/// The benchmark's switch between the tape builder's two paths, so that one run measures what a
/// machine without AVX2 gets next to the indexed path. Not API.
@_spi(Benchmarks) public enum WrapJSONIndexing {
    /// Switches the indexed path on (the default, where the machine has it) or off.
    public static func setIndexedPathEnabled(_ enabled: Bool) {
        JSONTapeBuilder.indexedPathSwitch.store(enabled, ordering: .relaxed)
    }
}
