#ifndef WRAPMODEL_STREAM_SCAN_H
#define WRAPMODEL_STREAM_SCAN_H

// Sixty-four-byte masks for the streaming framer, which finds where each element of a stream
// ends (it follows strings and brackets; the parser checks the element afterwards).
//
// Why C: the framer classifies every byte of the stream, and a mask with one bit per byte needs
// a "movemask", which Swift's portable SIMD types do not expose (written with `SIMD16<UInt8>` the
// four masks alone ran at 1.9 GB/s, slower than the byte loop they replace). x86-64 uses SSE2
// (part of every x86-64 CPU), arm64 NEON, other targets a plain loop; the streaming tests
// compare all framings with the byte-at-a-time path of the same framer.

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define WRAPMODEL_STREAM_SCAN_SSE2 1
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define WRAPMODEL_STREAM_SCAN_NEON 1
#endif

/// The bytes of one 64-byte block that the framer looks at: bit k is byte k.
typedef struct wrapmodel_stream_masks {
    uint64_t quote;       // '"'
    uint64_t backslash;   // '\'
    uint64_t open;        // '[' or '{'
    uint64_t close;       // ']' or '}'
} wrapmodel_stream_masks;

#if WRAPMODEL_STREAM_SCAN_NEON
/// One bit per byte of four 16-byte comparison results (each byte 0x00 or 0xFF), lowest address first.
static inline uint64_t wrapmodel_stream_neon_bits(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) {
    const uint8x16_t weights = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t s0 = vpaddq_u8(vandq_u8(m0, weights), vandq_u8(m1, weights));
    uint8x16_t s1 = vpaddq_u8(vandq_u8(m2, weights), vandq_u8(m3, weights));
    s0 = vpaddq_u8(s0, s1);
    s0 = vpaddq_u8(s0, s0);
    return vgetq_lane_u64(vreinterpretq_u64_u8(s0), 0);
}
#endif

/// The masks of the 64 bytes at `block`. `'{'` and `'['` differ only in bit 5 (0x20), as do
/// `'}'` and `']'`, so clearing that bit compares each pair at once.
static inline wrapmodel_stream_masks wrapmodel_stream_block_masks(const uint8_t *block) {
    wrapmodel_stream_masks masks;
#if WRAPMODEL_STREAM_SCAN_SSE2
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i open = _mm_set1_epi8('['), close = _mm_set1_epi8(']'), fold = _mm_set1_epi8((char)0xDF);
    uint64_t q = 0, b = 0, o = 0, c = 0;
    for (int lane = 0; lane < 4; lane++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(block + 16 * lane));
        __m128i folded = _mm_and_si128(x, fold);
        q |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, quote)) << (16 * lane);
        b |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, backslash)) << (16 * lane);
        o |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)) << (16 * lane);
        c |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)) << (16 * lane);
    }
    masks.quote = q;
    masks.backslash = b;
    masks.open = o;
    masks.close = c;
#elif WRAPMODEL_STREAM_SCAN_NEON
    uint8x16_t x0 = vld1q_u8(block), x1 = vld1q_u8(block + 16), x2 = vld1q_u8(block + 32), x3 = vld1q_u8(block + 48);
    const uint8x16_t fold = vdupq_n_u8(0xDF);
    uint8x16_t f0 = vandq_u8(x0, fold), f1 = vandq_u8(x1, fold), f2 = vandq_u8(x2, fold), f3 = vandq_u8(x3, fold);
    const uint8x16_t quote = vdupq_n_u8('"'), backslash = vdupq_n_u8('\\'), open = vdupq_n_u8('['), close = vdupq_n_u8(']');
    masks.quote = wrapmodel_stream_neon_bits(vceqq_u8(x0, quote), vceqq_u8(x1, quote), vceqq_u8(x2, quote), vceqq_u8(x3, quote));
    masks.backslash = wrapmodel_stream_neon_bits(vceqq_u8(x0, backslash), vceqq_u8(x1, backslash), vceqq_u8(x2, backslash), vceqq_u8(x3, backslash));
    masks.open = wrapmodel_stream_neon_bits(vceqq_u8(f0, open), vceqq_u8(f1, open), vceqq_u8(f2, open), vceqq_u8(f3, open));
    masks.close = wrapmodel_stream_neon_bits(vceqq_u8(f0, close), vceqq_u8(f1, close), vceqq_u8(f2, close), vceqq_u8(f3, close));
#else
    uint64_t q = 0, b = 0, o = 0, c = 0;
    for (int k = 0; k < 64; k++) {
        uint8_t byte = block[k], folded = byte & 0xDF;
        q |= (uint64_t)(byte == '"') << k;
        b |= (uint64_t)(byte == '\\') << k;
        o |= (uint64_t)(folded == '[') << k;
        c |= (uint64_t)(folded == ']') << k;
    }
    masks.quote = q;
    masks.backslash = b;
    masks.open = o;
    masks.close = c;
#endif
    return masks;
}

#endif
