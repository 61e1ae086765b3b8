#ifndef WRAPMODEL_BYTE_SCAN_H
#define WRAPMODEL_BYTE_SCAN_H

// Sixteen-byte scans for the JSON tape builder.
//
// Why C: finding the first interesting byte of a block needs a "movemask" (one bit per byte
// lane), which Swift's portable SIMD types do not expose; written with `SIMD16<UInt8>` the same
// scan compiled to lane-by-lane code and made building the tape 16 times slower. These functions
// are `static inline`, so Swift inlines them into the builder's loop like its own code.
//
// Each scan looks only at whole 16-byte blocks inside `[i, n)` and returns the index where the
// caller must continue with its own code: at the first interesting byte, or where fewer than 16
// bytes remain. A block is classified into a bit mask with the interesting bytes' bits set,
// lowest address first: x86-64 uses SSE2 (part of every x86-64 CPU; one bit per byte), arm64
// uses NEON (four bits per byte, from a narrowing shift); other targets classify byte by byte.

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define WRAPMODEL_BYTE_SCAN_SSE2 1
#define WRAPMODEL_MASK_BITS_PER_BYTE 1
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define WRAPMODEL_BYTE_SCAN_NEON 1
#define WRAPMODEL_MASK_BITS_PER_BYTE 4
#else
#define WRAPMODEL_MASK_BITS_PER_BYTE 1
#endif

/// What a block is classified by.
enum wrapmodel_block_class {
    /// A quote, a backslash, a control character (< 0x20) or a byte that is not ASCII (>= 0x80):
    /// where a string's plain ASCII contents stop.
    wrapmodel_string_stop = 0,
    /// Not JSON whitespace (space, tab, line feed, carriage return).
    wrapmodel_not_whitespace = 1
};

/// The bytes of the 16 at `block` that are of class `which`, as a mask (see the header).
static inline uint64_t wrapmodel_block_mask(const uint8_t *block, enum wrapmodel_block_class which) {
#if WRAPMODEL_BYTE_SCAN_SSE2
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)block);
    if (which == wrapmodel_string_stop) {
        // x <= 0x1F exactly when max(x, 0x1F) == 0x1F (unsigned); bytes >= 0x80 carry their own top bit.
        const __m128i lastControl = _mm_set1_epi8(0x1F);
        __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                                    _mm_cmpeq_epi8(_mm_max_epu8(x, lastControl), lastControl));
        return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(stop, x));
    }
    __m128i white = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'))),
                                 _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))));
    return (uint64_t)((unsigned)_mm_movemask_epi8(white) ^ 0xFFFFu);
#elif WRAPMODEL_BYTE_SCAN_NEON
    uint8x16_t x = vld1q_u8(block);
    uint8x16_t lanes;
    if (which == wrapmodel_string_stop) {
        lanes = vorrq_u8(vorrq_u8(vceqq_u8(x, vdupq_n_u8('"')), vceqq_u8(x, vdupq_n_u8('\\'))),
                         vorrq_u8(vcltq_u8(x, vdupq_n_u8(0x20)), vcgeq_u8(x, vdupq_n_u8(0x80))));
    } else {
        lanes = vmvnq_u8(vorrq_u8(vorrq_u8(vceqq_u8(x, vdupq_n_u8(' ')), vceqq_u8(x, vdupq_n_u8('\t'))),
                                  vorrq_u8(vceqq_u8(x, vdupq_n_u8('\n')), vceqq_u8(x, vdupq_n_u8('\r')))));
    }
    // Each 16-bit pair of lanes shifted right by 4 and narrowed keeps 4 bits of each lane.
    uint8x8_t narrowed = vshrn_n_u16(vreinterpretq_u16_u8(lanes), 4);
    return vget_lane_u64(vreinterpret_u64_u8(narrowed), 0);
#else
    uint64_t mask = 0;
    for (int k = 0; k < 16; k++) {
        uint8_t c = block[k];
        int hit = which == wrapmodel_string_stop
            ? (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
            : (c != ' ' && c != '\t' && c != '\n' && c != '\r');
        mask |= (uint64_t)hit << k;
    }
    return mask;
#endif
}

/// The first index at or after `i` whose byte is of class `which`, looking at whole 16-byte
/// blocks of `p[i..<n]` only: where fewer than 16 bytes remain, that index.
static inline size_t wrapmodel_skip_blocks(const uint8_t *p, size_t i, size_t n, enum wrapmodel_block_class which) {
    while (i + 16 <= n) {
        uint64_t mask = wrapmodel_block_mask(p + i, which);
        if (mask != 0) return i + (size_t)__builtin_ctzll(mask) / WRAPMODEL_MASK_BITS_PER_BYTE;
        i += 16;
    }
    return i;
}

/// Skips a string's plain ASCII contents: the index of the first quote, backslash, control
/// character or non-ASCII byte at or after `i`, or where fewer than 16 bytes remain.
static inline size_t wrapmodel_skip_plain_string_bytes(const uint8_t *p, size_t i, size_t n) {
    return wrapmodel_skip_blocks(p, i, n, wrapmodel_string_stop);
}

/// Skips JSON whitespace: the index of the first other byte at or after `i`, or where fewer than
/// 16 bytes remain.
static inline size_t wrapmodel_skip_whitespace(const uint8_t *p, size_t i, size_t n) {
    return wrapmodel_skip_blocks(p, i, n, wrapmodel_not_whitespace);
}

#endif
