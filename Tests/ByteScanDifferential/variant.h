#ifndef BYTE_SCAN_DIFFERENTIAL_VARIANT_H
#define BYTE_SCAN_DIFFERENTIAL_VARIANT_H

#include <stddef.h>
#include <stdint.h>

/// One compiled branch of ByteScan.h.
struct scan_variant {
    /// "sse2", "neon" or "portable": the branch the header took when this variant was compiled.
    const char *branch;
    /// Bits per byte in a block mask (1, or 4 for NEON).
    unsigned bits_per_byte;
    /// wrapmodel_block_mask; `which` is 0 for string stops, 1 for not-whitespace.
    uint64_t (*block_mask)(const uint8_t *block, int which);
    size_t (*skip_plain)(const uint8_t *p, size_t i, size_t n);
    size_t (*skip_whitespace)(const uint8_t *p, size_t i, size_t n);
};

extern const struct scan_variant variant_native;
extern const struct scan_variant variant_portable;

#endif
