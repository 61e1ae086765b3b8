#ifndef WRAPMODEL_BYTE_SCAN_H
#define WRAPMODEL_BYTE_SCAN_H

// Sixteen-byte scans for the JSON tape builder.
//
// Why C: finding the first interesting byte of a block needs a "movemask" (one bit per byte
// lane), which Swift's portable SIMD types do not expose; written with `SIMD16<UInt8>` the same
// scan compiled to lane-by-lane code and made building the tape 16 times slower. These functions
// are `static inline`, so Swift inlines them into the builder's loop like its own code.
//
// Each function looks only at whole 16-byte blocks inside `[i, n)` and returns the index where
// the caller must continue with its byte-at-a-time code: at the first interesting byte, or where
// fewer than 16 bytes remain. x86-64 uses SSE2 (part of every x86-64 CPU), arm64 uses NEON;
// other targets get a plain byte loop with the same contract.

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define WRAPMODEL_BYTE_SCAN_SSE2 1
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define WRAPMODEL_BYTE_SCAN_NEON 1
#endif

#if WRAPMODEL_BYTE_SCAN_NEON
/// A NEON comparison result (each lane 0x00 or 0xFF) as 4 bits per lane, lowest lane first.
static inline uint64_t wrapmodel_neon_nibble_mask(uint8x16_t lanes) {
    uint8x8_t narrowed = vshrn_n_u16(vreinterpretq_u16_u8(lanes), 4);
    return vget_lane_u64(vreinterpret_u64_u8(narrowed), 0);
}
#endif

/// The index of the first byte in `p[i..<n]` that is a quote, a backslash, a control character
/// (< 0x20) or not ASCII (>= 0x80), looking at whole 16-byte blocks only: returns the first
/// index at or after `i` where such a byte is, or where fewer than 16 bytes remain.
static inline size_t wrapmodel_skip_plain_string_bytes(const uint8_t *p, size_t i, size_t n) {
#if WRAPMODEL_BYTE_SCAN_SSE2
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    while (i + 16 <= n) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        // x <= 0x1F exactly when max(x, 0x1F) == 0x1F (unsigned); bytes >= 0x80 carry their own top bit.
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                       _mm_cmpeq_epi8(_mm_max_epu8(x, lastControl), lastControl));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(special, x));
        if (mask != 0) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#elif WRAPMODEL_BYTE_SCAN_NEON
    const uint8x16_t quote = vdupq_n_u8('"');
    const uint8x16_t backslash = vdupq_n_u8('\\');
    const uint8x16_t space = vdupq_n_u8(0x20);
    const uint8x16_t high = vdupq_n_u8(0x80);
    while (i + 16 <= n) {
        uint8x16_t x = vld1q_u8(p + i);
        uint8x16_t special = vorrq_u8(vorrq_u8(vceqq_u8(x, quote), vceqq_u8(x, backslash)),
                                      vorrq_u8(vcltq_u8(x, space), vcgeq_u8(x, high)));
        uint64_t mask = wrapmodel_neon_nibble_mask(special);
        if (mask != 0) return i + (size_t)(__builtin_ctzll(mask) >> 2);
        i += 16;
    }
#else
    while (i + 16 <= n) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) return i;
        i += 1;
    }
#endif
    return i;
}

/// The index of the first byte in `p[i..<n]` that is not JSON whitespace (space, tab, line
/// feed, carriage return), looking at whole 16-byte blocks only: returns the first index at or
/// after `i` where such a byte is, or where fewer than 16 bytes remain.
static inline size_t wrapmodel_skip_whitespace(const uint8_t *p, size_t i, size_t n) {
#if WRAPMODEL_BYTE_SCAN_SSE2
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i lineFeed = _mm_set1_epi8('\n');
    const __m128i carriageReturn = _mm_set1_epi8('\r');
    while (i + 16 <= n) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i white = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, tab)),
                                     _mm_or_si128(_mm_cmpeq_epi8(x, lineFeed), _mm_cmpeq_epi8(x, carriageReturn)));
        unsigned mask = (unsigned)_mm_movemask_epi8(white) ^ 0xFFFFu;
        if (mask != 0) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#elif WRAPMODEL_BYTE_SCAN_NEON
    const uint8x16_t space = vdupq_n_u8(' ');
    const uint8x16_t tab = vdupq_n_u8('\t');
    const uint8x16_t lineFeed = vdupq_n_u8('\n');
    const uint8x16_t carriageReturn = vdupq_n_u8('\r');
    while (i + 16 <= n) {
        uint8x16_t x = vld1q_u8(p + i);
        uint8x16_t white = vorrq_u8(vorrq_u8(vceqq_u8(x, space), vceqq_u8(x, tab)),
                                    vorrq_u8(vceqq_u8(x, lineFeed), vceqq_u8(x, carriageReturn)));
        uint64_t mask = ~wrapmodel_neon_nibble_mask(white);
        if (mask != 0) return i + (size_t)(__builtin_ctzll(mask) >> 2);
        i += 16;
    }
#else
    while (i + 16 <= n) {
        uint8_t c = p[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return i;
        i += 1;
    }
#endif
    return i;
}

#endif
