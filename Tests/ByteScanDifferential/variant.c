// One branch of ByteScan.h, compiled under the name VARIANT (see run.sh for the flags that pick
// the branch). The branch the header took is reported as `branch`, so the test can check that it
// ran the branch it meant to.
#include "ByteScan.h"
#include "variant.h"

#if WRAPMODEL_BYTE_SCAN_SSE2
#define BRANCH "sse2"
#elif WRAPMODEL_BYTE_SCAN_NEON
#define BRANCH "neon"
#else
#define BRANCH "portable"
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

const struct scan_variant VARIANT = {BRANCH, WRAPMODEL_MASK_BITS_PER_BYTE, block_mask, skip_plain, skip_whitespace};
