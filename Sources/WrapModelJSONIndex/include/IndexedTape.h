#ifndef WRAPMODEL_INDEXED_TAPE_H
#define WRAPMODEL_INDEXED_TAPE_H

// The second pass of the JSON tape builder's fast path: reads the positions the structural scan
// lists (StructuralIndex.h) and writes the tape, word for word the tape the byte-at-a-time parser
// in Swift writes (JSONTapeBuilder; the layout is JSONTapeLayout's, repeated below).
//
// Why in C: the pass is a loop over some 75,000 positions for a 600 KB document, and its cost
// is in keeping the scan's cursor, the tape's end and the container being filled in registers
// while it writes the tape; the Swift version kept them in memory and took twice as long.
//
// It accepts exactly what the byte-at-a-time parser accepts, or declines: on anything it does not
// accept (an error, a limit, a number that might be out of Double's range) it returns 0 and
// the caller parses the input byte by byte, which reports the error as always.

#include "StructuralIndex.h"
#include <stddef.h>
#include <stdint.h>

/// The tape layout (JSONTapeLayout in Swift; a test checks that they agree).
enum {
    wrapmodel_tape_tag_shift = 60,
    wrapmodel_tape_field_shift = 32,
    wrapmodel_tape_field_bits = 27,
    wrapmodel_tape_object = 1,
    wrapmodel_tape_array = 2,
    wrapmodel_tape_string = 3,
    wrapmodel_tape_number = 4,
    wrapmodel_tape_true = 5,
    wrapmodel_tape_false = 6,
    wrapmodel_tape_null = 7,
    wrapmodel_tape_close = 8
};

/// A tape in `malloc` storage: `count` words written of `capacity`. The builder grows it with
/// `realloc`, so `words` may change.
typedef struct wrapmodel_tape_buffer {
    uint64_t *words;
    size_t count;
    size_t capacity;
} wrapmodel_tape_buffer;

/// Builds the tape of `input[start..<length]` (`start` skips a byte-order mark) into `tape`,
/// whose `count` must be 0, scanning with `classifier`. `lenient` accepts one trailing comma per
/// container; `max_depth` bounds nesting. Returns 1 when the tape is complete; 0 when the input
/// must be parsed byte by byte (the tape then holds a partial result, and `words` and `capacity`
/// are still valid).
int wrapmodel_build_indexed_tape(const uint8_t *input, size_t length, size_t start, int lenient, size_t max_depth,
                                 wrapmodel_classifier classifier, wrapmodel_tape_buffer *tape);

#endif
