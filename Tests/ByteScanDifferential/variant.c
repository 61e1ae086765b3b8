// One branch of ByteScan.h and one of StreamScan.h, compiled under the name VARIANT (see
// .ci/arm64-check for the flags that pick the branch). The branches the headers took are reported
// as `branch` and `stream_branch`, so the test can check that it ran the branches it meant to.
#include "ByteScan.h"
#include "StreamScan.h"
#include "variant.h"

#if WRAPMODEL_BYTE_SCAN_SSE2
#define BRANCH "sse2"
#elif WRAPMODEL_BYTE_SCAN_NEON
#define BRANCH "neon"
#else
#define BRANCH "portable"
#endif

#if WRAPMODEL_STREAM_SCAN_SSE2
#define STREAM_BRANCH "sse2"
#elif WRAPMODEL_STREAM_SCAN_NEON
#define STREAM_BRANCH "neon"
#else
#define STREAM_BRANCH "portable"
#endif

static uint64_t block_mask(const uint8_t *block, int which) {
    return wrapmodel_block_mask(block, which == 0 ? wrapmodel_string_stop : wrapmodel_not_whitespace);
}

static size_t skip_plain(const uint8_t *p, size_t i, size_t n) {
    return wrapmodel_skip_plain_string_bytes(p, i, n);
}

static size_t skip_whitespace(const uint8_t *p, size_t i, size_t n) {
    return wrapmodel_skip_whitespace(p, i, n);
}

static void stream_block_masks(const uint8_t *block, uint64_t masks[4]) {
    wrapmodel_stream_masks m = wrapmodel_stream_block_masks(block);
    masks[0] = m.quote;
    masks[1] = m.backslash;
    masks[2] = m.open;
    masks[3] = m.close;
}

#if WRAPMODEL_STREAM_SCAN_NEON
static uint64_t stream_neon_bits(const uint8_t *compare) {
    return wrapmodel_stream_neon_bits(vld1q_u8(compare), vld1q_u8(compare + 16), vld1q_u8(compare + 32),
                                      vld1q_u8(compare + 48));
}
#define STREAM_NEON_BITS stream_neon_bits
#else
#define STREAM_NEON_BITS NULL
#endif

const struct scan_variant VARIANT = {
    BRANCH,        WRAPMODEL_MASK_BITS_PER_BYTE, block_mask,       skip_plain, skip_whitespace,
    STREAM_BRANCH, stream_block_masks,           STREAM_NEON_BITS,
};
