#ifndef WRAPMODEL_STRUCTURAL_INDEX_H
#define WRAPMODEL_STRUCTURAL_INDEX_H

// The first pass of the JSON tape builder's fast path: classifies the input 64 bytes at a time
// with vector instructions and lists the positions the second pass (in Swift) has to look at.
//
// Walk through `{"a": [1, "x\"y"]}` and the positions it lists:
//
//     {"a": [1, "x\"y"]}
//     ^^ ^^ ^^^ ^ ^  ^^^      listed: 0 1 3 4 6 7 8 10 12 15 16 17
//
// - structural characters outside strings: `{ } [ ] : ,` (0, 4, 6, 8, 16, 17);
// - both quotes of every string (1, 3, 10, 15); a quote after an odd run of backslashes is part
//   of the string and not listed;
// - inside strings, each backslash that starts an escape (12), so the second pass validates the
//   escape and sets the tape's "has escapes" flag without reading the string's other bytes;
// - the first byte of every other run of bytes outside strings that are neither whitespace nor
//   structural (7: a number; literals and stray bytes alike), which the second pass parses and
//   checks that the token ends exactly where the run does.
//
// Whatever lies between two listed positions is whitespace, the inside of a string, or the rest
// of a run: so the second pass checks the grammar from the listed positions alone. The pass also
// checks what the second pass never looks at: no control character inside a string, and the whole
// input valid UTF-8 (bytes above 0x7F outside strings start runs, which the second pass rejects).
// It never decides that input is valid on its own; it only reports that it cannot be (`failed`),
// and the caller then runs the byte-at-a-time parser, which finds and describes the error.
//
// x86-64 processors with AVX2 classify with it (checked once); a portable byte-by-byte classifier
// with the same results is the reference the tests hold it against. Without AVX2 the builder
// does not take this path at all: classifying 16 bytes at a time and checking UTF-8 byte by byte
// made it slower than the byte-at-a-time parser (measured with SSE2: 495 µs against 350 µs for
// twitter.json).

#include <stddef.h>
#include <stdint.h>

/// Which block classifier a scan uses. Both list the same positions for valid JSON; tests run
/// them against each other.
typedef enum wrapmodel_classifier {
    /// AVX2 (with BMI, POPCNT and PCLMULQDQ), on x86-64 processors that have it; the portable
    /// classifier elsewhere.
    wrapmodel_classifier_vector = 0,
    /// Byte by byte, in plain C.
    wrapmodel_classifier_portable = 1
} wrapmodel_classifier;

/// The scanning state carried from one 64-byte block to the next. Opaque to callers but for
/// `failed` and `position`.
typedef struct wrapmodel_structural_scanner {
    const uint8_t *input;
    size_t length;
    /// Where scanning began (after a byte-order mark).
    size_t start;
    /// Where the next block starts: the first position of the next call's first word.
    size_t position;
    /// Bytes before this index have been checked to be valid UTF-8 (byte-by-byte check only).
    size_t utf8_checked;
    /// All ones when the previous block ended inside a string, else zero.
    uint64_t in_string;
    /// 1 when the previous block ended with a backslash that escapes the next byte.
    uint64_t escape_pending;
    /// 1 when the previous block ended inside a run of scalar bytes.
    uint64_t run_pending;
    /// Nonzero when the previous block had bytes above 0x7F (vector UTF-8 check only).
    int previous_block_high;
    /// The classifier `wrapmodel_structural_scan` uses.
    wrapmodel_classifier classifier;
    /// Nonzero once the input is known not to be valid JSON (see the header).
    int failed;
    /// Nonzero once the whole input has been scanned, or `failed` set.
    int finished;
} wrapmodel_structural_scanner;

/// Prepares to scan `input[start..<length]` (`start` skips a byte-order mark, so it is 0 or 3)
/// with `classifier`.
void wrapmodel_structural_scanner_init(wrapmodel_structural_scanner *scanner, const uint8_t *input, size_t length,
                                       size_t start, wrapmodel_classifier classifier);

/// Scans up to `max_blocks` blocks from `scanner->position` and writes one word per block to
/// `positions`: bit k set when the block's byte k is a listed position. Returns how many words
/// it wrote; the last block may be partial. Returns 0 once `finished`, and when it finds that the
/// input cannot be valid, in which case it sets `failed` (and `finished`) and the caller must not
/// trust the words of earlier calls to describe a valid document.
size_t wrapmodel_structural_scan(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks);

/// Whether this machine has the vector classifier (AVX2): the tape builder takes this path only
/// then, since the portable classifier is slower than parsing byte by byte.
int wrapmodel_structural_vector_available(void);

#endif
