#ifndef BYTE_SCAN_DIFFERENTIAL_VARIANT_H
#define BYTE_SCAN_DIFFERENTIAL_VARIANT_H

#include <stddef.h>
#include <stdint.h>

/// One compiled branch of ByteScan.h and of StreamScan.h.
struct scan_variant {
    /// "sse2", "neon" or "portable": the branch ByteScan.h took when this variant was compiled.
    const char *branch;
    /// Bits per byte in a block mask (1, or 4 for NEON).
    unsigned bits_per_byte;
    /// wrapmodel_block_mask; `which` is 0 for string stops, 1 for not-whitespace.
    uint64_t (*block_mask)(const uint8_t *block, int which);
    size_t (*skip_plain)(const uint8_t *p, size_t i, size_t n);
    size_t (*skip_whitespace)(const uint8_t *p, size_t i, size_t n);
    /// "sse2", "neon" or "portable": the branch StreamScan.h took when this variant was compiled.
    const char *stream_branch;
    /// wrapmodel_stream_block_masks, its four masks as quote, backslash, open, close.
    void (*stream_block_masks)(const uint8_t *block, uint64_t masks[4]);
    /// wrapmodel_stream_neon_bits on the 64 comparison bytes at `compare` (each 0x00 or 0xFF),
    /// 16 to a vector; null unless StreamScan.h took its NEON branch.
    uint64_t (*stream_neon_bits)(const uint8_t *compare);
};

extern const struct scan_variant variant_native;
extern const struct scan_variant variant_portable;

#endif
