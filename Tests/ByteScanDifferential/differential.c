// Differential test of ByteScan.h and StreamScan.h: every branch they ship (NEON on arm64, SSE2
// on x86-64, the portable loop elsewhere) against a byte-by-byte reference written here, on the
// bundled documents, random input and adversarial input. Each input is placed so that it ends
// right before a page the process may not read, so a scan that reads past its end crashes.
//
// Built and run by .ci/arm64-check (natively, and for aarch64 under qemu). Usage:
//     differential EXPECTED-NATIVE-BRANCH [DOCUMENT.json...]
// Exits 0 when every branch agrees with the reference everywhere, 1 on any mismatch, 2 on a
// usage or I/O error. It prints counts only, never timings.

#define _DEFAULT_SOURCE 1 // mmap's MAP_ANONYMOUS under -std=c11
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const struct scan_variant *const variants[] = {&variant_native, &variant_portable};
enum { variant_count = sizeof variants / sizeof variants[0] };

static unsigned long long checks, mismatches;             // ByteScan.h
static unsigned long long streamChecks, streamMismatches; // StreamScan.h
static unsigned long long neonBitsChecks;                 // of streamChecks, on wrapmodel_stream_neon_bits

// MARK: - The reference

/// Whether byte `c` is of class `which` (0: a string stop, 1: not whitespace), from the header's
/// own definition of the classes.
static int in_class(int which, uint8_t c) {
    if (which == 0) return c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
    return !(c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/// What wrapmodel_block_mask must return: each byte's field of `bits` bits all ones when the
/// byte is of the class, all zeros otherwise, lowest address in the lowest bits.
static uint64_t reference_mask(const uint8_t *block, int which, unsigned bits) {
    uint64_t field = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    uint64_t mask = 0;
    for (unsigned k = 0; k < 16; k++) {
        if (in_class(which, block[k])) mask |= field << (k * bits);
    }
    return mask;
}

/// What the skips must return: the first byte of the class at or after `i` within whole 16-byte
/// blocks, or where fewer than 16 bytes remain.
static size_t reference_skip(const uint8_t *p, size_t i, size_t n, int which) {
    while (i + 16 <= n) {
        for (size_t k = 0; k < 16; k++) {
            if (in_class(which, p[i + k])) return i + k;
        }
        i += 16;
    }
    return i;
}

/// What wrapmodel_stream_block_masks must return for the 64 bytes at `block`, from the header's
/// definitions: bit k of each mask is byte k, set for '"' (quote), '\\' (backslash), '[' or '{'
/// (open), ']' or '}' (close).
static void reference_stream_masks(const uint8_t *block, uint64_t masks[4]) {
    masks[0] = masks[1] = masks[2] = masks[3] = 0;
    for (unsigned k = 0; k < 64; k++) {
        uint8_t c = block[k];
        uint64_t bit = (uint64_t)1 << k;
        if (c == '"') masks[0] |= bit;
        if (c == '\\') masks[1] |= bit;
        if (c == '[' || c == '{') masks[2] |= bit;
        if (c == ']' || c == '}') masks[3] |= bit;
    }
}

static const char *const streamMaskNames[4] = {"quote", "backslash", "open", "close"};

// MARK: - Checking

static void report(const struct scan_variant *v, const char *label, const char *what, int which, size_t i, size_t n,
                   unsigned long long got, unsigned long long expected) {
    mismatches++;
    if (mismatches <= 20) {
        fprintf(stderr, "MISMATCH %s, %s: %s (class %s) at %zu of %zu: got %#llx, expected %#llx\n", v->branch, label,
                what, which == 0 ? "string stop" : "not whitespace", i, n, got, expected);
    }
}

static void check_mask(const struct scan_variant *v, const char *label, const uint8_t *p, size_t n, size_t at) {
    for (int which = 0; which < 2; which++) {
        uint64_t got = v->block_mask(p + at, which);
        uint64_t expected = reference_mask(p + at, which, v->bits_per_byte);
        checks++;
        if (got != expected) report(v, label, "block mask", which, at, n, got, expected);
    }
}

static void check_skip(const struct scan_variant *v, const char *label, const uint8_t *p, size_t n, size_t i) {
    for (int which = 0; which < 2; which++) {
        size_t got = which == 0 ? v->skip_plain(p, i, n) : v->skip_whitespace(p, i, n);
        size_t expected = reference_skip(p, i, n, which);
        checks++;
        if (got != expected) report(v, label, which == 0 ? "skip plain string bytes" : "skip whitespace", which, i, n, got, expected);
    }
}

static void report_stream(const struct scan_variant *v, const char *label, const char *what, size_t at, size_t n,
                          unsigned long long got, unsigned long long expected) {
    streamMismatches++;
    if (streamMismatches <= 20) {
        fprintf(stderr, "MISMATCH %s, %s: StreamScan.h %s at %zu of %zu: got %#llx, expected %#llx\n", v->stream_branch,
                label, what, at, n, got, expected);
    }
}

/// The four stream masks of the block at `p + at` (which must end by `p + n`).
static void check_stream_block(const struct scan_variant *v, const char *label, const uint8_t *p, size_t n, size_t at) {
    uint64_t got[4], expected[4];
    v->stream_block_masks(p + at, got);
    reference_stream_masks(p + at, expected);
    for (int m = 0; m < 4; m++) {
        streamChecks++;
        if (got[m] != expected[m]) report_stream(v, label, streamMaskNames[m], at, n, got[m], expected[m]);
    }
}

/// Every block offset and every start of `p[0..<n]`, in every branch, for both headers.
static void check_everywhere(const char *label, const uint8_t *p, size_t n) {
    for (int k = 0; k < variant_count; k++) {
        for (size_t at = 0; at + 16 <= n; at++) check_mask(variants[k], label, p, n, at);
        for (size_t i = 0; i <= n; i++) check_skip(variants[k], label, p, n, i);
        for (size_t at = 0; at + 64 <= n; at++) check_stream_block(variants[k], label, p, n, at);
    }
}

/// The blocks and starts that can see byte `pos` of `p[0..<n]`, and the end.
static void check_around(const char *label, const uint8_t *p, size_t n, size_t pos) {
    for (int k = 0; k < variant_count; k++) {
        size_t firstBlock = pos >= 15 ? pos - 15 : 0;
        for (size_t at = firstBlock; at <= pos && at + 16 <= n; at++) check_mask(variants[k], label, p, n, at);
        size_t firstStart = pos >= 33 ? pos - 33 : 0;
        for (size_t i = firstStart; i <= pos + 1 && i <= n; i++) check_skip(variants[k], label, p, n, i);
        check_skip(variants[k], label, p, n, n);
    }
}

/// The block that ends at `n` (right before the unreadable page) and the first block of
/// `p[0..<n]`, in every branch; with `all`, also every 64-byte block that sees byte `pos` (in each
/// of their lanes) and the blocks right before and after it.
static void check_stream_around(const char *label, const uint8_t *p, size_t n, size_t pos, int all) {
    if (n < 64) return;
    size_t first = pos >= 64 ? pos - 64 : 0, last = pos + 1 <= n - 64 ? pos + 1 : n - 64;
    for (int k = 0; k < variant_count; k++) {
        check_stream_block(variants[k], label, p, n, n - 64);
        if (n > 64) check_stream_block(variants[k], label, p, n, 0);
        for (size_t at = first; all && at <= last; at++) check_stream_block(variants[k], label, p, n, at);
    }
}

// MARK: - Guarded placement

static uint8_t *arena;
static size_t arenaBytes;

/// Reserves room for inputs of up to `largest` bytes, followed by a page that may not be read.
static void reserve_arena(size_t largest) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    arenaBytes = (largest + page - 1) / page * page + page;
    void *region = mmap(NULL, arenaBytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED || mprotect((uint8_t *)region + arenaBytes, page, PROT_NONE) != 0) {
        perror("mmap");
        exit(2);
    }
    arena = region;
}

/// A copy of `bytes[0..<n]` that ends where the unreadable page begins.
static uint8_t *place(const uint8_t *bytes, size_t n) {
    uint8_t *p = arena + arenaBytes - n;
    if (n > 0) memmove(p, bytes, n);
    return p;
}

// MARK: - Inputs

static uint64_t randomState = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void) {
    randomState ^= randomState << 13;
    randomState ^= randomState >> 7;
    randomState ^= randomState << 17;
    return randomState;
}

/// Bytes that end a string's plain run or a run of whitespace, and their neighbours.
static const uint8_t edgeBytes[] = {'"', '\\', 0x00, 0x01, 0x08, 0x09, 0x0A, 0x0D, 0x0C, 0x0B, 0x1F, ' ', 0x21, 0x5B, 0x5D,
                                    0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 'a', '{'};

/// Ill-formed UTF-8: every byte is >= 0x80, which every branch must stop at.
static const char *const invalidUTF8[] = {
    "\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xC2", "\xE0\x80\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF",
    "\xF0\x80\x80\x80", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFE", "\xFF", "\xE2\x82", "\xF0\x9F\x98",
    "\xC3\xA9\x80", "\xEF\xBB\xBF",
};

/// A background run of `n` bytes: plain string bytes (style 0) or mixed whitespace (style 1).
static void fill_background(uint8_t *buffer, size_t n, int style) {
    static const char plain[] = "The quick brown fox jumps over the lazy dog 0123456789 {}[]:,.-+/'`~!@#$%^&*()_=|?<>";
    static const char white[] = " \t\n\r  \n    ";
    for (size_t k = 0; k < n; k++) {
        buffer[k] = style == 0 ? (uint8_t)plain[k % (sizeof plain - 1)] : (uint8_t)white[k % (sizeof white - 1)];
    }
}

/// One byte value at every lane of the first three blocks, followed by 0 to 64 bytes.
static void adversarial_single_bytes(void) {
    uint8_t buffer[128];
    for (int style = 0; style < 2; style++) {
        // Every byte value, at every lane of two blocks, with up to 16 bytes after it.
        for (unsigned value = 0; value < 256; value++) {
            for (size_t pos = 0; pos < 32; pos++) {
                for (size_t trailing = 0; trailing <= 16; trailing++) {
                    size_t n = pos + 1 + trailing;
                    fill_background(buffer, n, style);
                    buffer[pos] = (uint8_t)value;
                    check_around("every byte value at every lane", place(buffer, n), n, pos);
                }
            }
        }
        // The bytes at the edges of each class, in every lane of three blocks, 0 to 64 bytes after.
        for (size_t e = 0; e < sizeof edgeBytes; e++) {
            for (size_t pos = 0; pos < 48; pos++) {
                for (size_t trailing = 0; trailing <= 64; trailing++) {
                    size_t n = pos + 1 + trailing;
                    fill_background(buffer, n, style);
                    buffer[pos] = edgeBytes[e];
                    check_around("edge byte, 0-64 trailing bytes", place(buffer, n), n, pos);
                }
            }
        }
        // No interesting byte at all: every length from 0 to 96.
        for (size_t n = 0; n <= 96; n++) {
            fill_background(buffer, n, style);
            check_everywhere("background only", place(buffer, n), n);
        }
    }
}

/// Two interesting bytes in one block, at every pair of lanes: the lower one must be found.
static void adversarial_pairs(void) {
    static const uint8_t pairBytes[] = {'"', '\\', 0x00, 0x1F, 0x80, 0xFF, 'a', ' ', '\t'};
    uint8_t buffer[40];
    for (int style = 0; style < 2; style++) {
        for (size_t a = 0; a < sizeof pairBytes; a++) {
            for (size_t b = 0; b < sizeof pairBytes; b++) {
                for (size_t first = 0; first < 16; first++) {
                    for (size_t second = first + 1; second < 16; second++) {
                        size_t n = 16 + (first % 3);
                        fill_background(buffer, n, style);
                        buffer[first] = pairBytes[a];
                        buffer[second] = pairBytes[b];
                        check_everywhere("two bytes in one block", place(buffer, n), n);
                    }
                }
            }
        }
    }
}

/// Ill-formed UTF-8 sequences at every offset of three blocks, with 0 to 20 bytes after them.
static void adversarial_utf8(void) {
    uint8_t buffer[96];
    for (size_t s = 0; s < sizeof invalidUTF8 / sizeof invalidUTF8[0]; s++) {
        size_t length = strlen(invalidUTF8[s]);
        for (size_t pos = 0; pos < 48; pos++) {
            for (size_t trailing = 0; trailing <= 20; trailing++) {
                size_t n = pos + length + trailing;
                fill_background(buffer, n, 0);
                memcpy(buffer + pos, invalidUTF8[s], length);
                check_around("ill-formed UTF-8", place(buffer, n), n, pos);
            }
        }
    }
}

/// Random buffers: uniform bytes, and mostly plain text or whitespace with a few stops.
static void random_inputs(void) {
    uint8_t buffer[320];
    for (int round = 0; round < 6000; round++) {
        size_t n = (size_t)(next_random() % 300);
        int kind = round % 3;
        for (size_t k = 0; k < n; k++) {
            uint64_t r = next_random();
            if (kind == 0) {
                buffer[k] = (uint8_t)r;
            } else if ((r >> 8) % 24 == 0) {
                buffer[k] = edgeBytes[(r >> 16) % sizeof edgeBytes];
            } else {
                buffer[k] = kind == 1 ? (uint8_t)(0x20 + (r % 0x5F)) : (uint8_t)" \t\n\r"[r % 4];
            }
        }
        check_everywhere("random", place(buffer, n), n);
    }
}

// MARK: - Inputs for StreamScan.h

/// The bytes the stream masks pick out, the framer's other punctuation, control bytes, bytes
/// >= 0x80, and the brackets with bit 7 set (the header compares them with bit 5 cleared, so
/// 0xDB, 0xFB, 0xDD and 0xFD must not count as brackets). Every other byte value, the ones a bit
/// away from these included, goes through adversarial_stream_every_byte.
static const uint8_t streamEdgeBytes[] = {'"', '\\', '[', ']', '{', '}', ',', ':', '\n', '\r', ' ',
                                          0x00, 0x1F, 0x7F, 0x80, 0xFF, 0xDB, 0xFB, 0xDD, 0xFD, 0xA2, 0xDC};

/// A background run of `n` bytes: none of the masked bytes (style 0), or only masked bytes
/// (style 1), so that a lane wrongly clear and a lane wrongly set both show.
static void fill_stream_background(uint8_t *buffer, size_t n, int style) {
    static const char neutral[] = "abc, de: 0123 -4.5e+6 true\nnull\tfalse \x01\xC3\xA9 xyz\r\n";
    static const char masked[] = "\"\\[{]}\"\"\\\\[[{{]]}}";
    for (size_t k = 0; k < n; k++) {
        buffer[k] = style == 0 ? (uint8_t)neutral[k % (sizeof neutral - 1)] : (uint8_t)masked[k % (sizeof masked - 1)];
    }
}

/// Every byte value at every lane of a block (positions 63 to 95 are seen by blocks in every
/// lane) and across block edges, followed by no byte (the last lane of the block that ends at the
/// unreadable page) or by a whole block.
static void adversarial_stream_every_byte(void) {
    uint8_t buffer[256];
    for (int style = 0; style < 2; style++) {
        for (unsigned value = 0; value < 256; value++) {
            for (size_t pos = 0; pos < 96; pos++) {
                for (size_t trailing = 0; trailing <= 64; trailing += 64) {
                    size_t n = pos + 1 + trailing;
                    fill_stream_background(buffer, n, style);
                    buffer[pos] = (uint8_t)value;
                    check_stream_around("stream: every byte value at every lane", place(buffer, n), n, pos, trailing == 64);
                }
            }
        }
    }
}

/// The edge bytes at every position of two blocks, with 0 to 64 bytes after them: in the block
/// that ends at the unreadable page that is every lane, and with 0 or 64 trailing bytes every
/// block that sees the byte is checked too.
static void adversarial_stream_edges(void) {
    uint8_t buffer[256];
    for (int style = 0; style < 2; style++) {
        for (size_t e = 0; e < sizeof streamEdgeBytes; e++) {
            for (size_t pos = 0; pos < 128; pos++) {
                for (size_t trailing = 0; trailing <= 64; trailing++) {
                    size_t n = pos + 1 + trailing;
                    fill_stream_background(buffer, n, style);
                    buffer[pos] = streamEdgeBytes[e];
                    check_stream_around("stream: edge byte, 0-64 trailing bytes", place(buffer, n), n, pos,
                                        trailing == 0 || trailing == 64);
                }
            }
        }
    }
}

/// Runs of one byte (masks all ones, backslash runs, nested brackets), of lengths that end at
/// and around lane and block edges, starting at every lane of a block.
static void adversarial_stream_runs(void) {
    static const uint8_t runBytes[] = {'"', '\\', '[', ']', '{', '}', ','};
    static const size_t lengths[] = {1, 2, 3, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 128};
    uint8_t buffer[256];
    for (int style = 0; style < 2; style++) {
        for (size_t r = 0; r < sizeof runBytes; r++) {
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                for (size_t pos = 0; pos < 64; pos++) {
                    size_t n = pos + lengths[l] + 64;
                    fill_stream_background(buffer, n, style);
                    memset(buffer + pos, runBytes[r], lengths[l]);
                    const uint8_t *p = place(buffer, n);
                    for (int k = 0; k < variant_count; k++) {
                        for (size_t at = 0; at + 64 <= n; at++) {
                            check_stream_block(variants[k], "stream: runs of one byte", p, n, at);
                        }
                    }
                }
            }
        }
    }
}

/// Random buffers of JSON punctuation, escapes, control bytes and bytes >= 0x80, dense and
/// sparse in text, each checked at every offset (by ByteScan.h's checks too).
static void random_stream_inputs(void) {
    static const uint8_t alphabet[] = {'"', '\\', '[', ']', '{', '}', ',', ':', '\n', ' ', 'a', '0',
                                       0x00, 0x1F, 0x80, 0xFF, 0xDB, 0xFB, 0xDD, 0xFD, 0x7C, 0xA2};
    uint8_t buffer[320];
    for (int round = 0; round < 3000; round++) {
        size_t n = (size_t)(next_random() % 300);
        int dense = round % 2 == 0;
        for (size_t k = 0; k < n; k++) {
            uint64_t r = next_random();
            if (dense || (r >> 8) % 8 == 0) {
                buffer[k] = alphabet[(r >> 16) % sizeof alphabet];
            } else {
                buffer[k] = (uint8_t)(0x20 + (r % 0x5F));
            }
        }
        check_everywhere("stream: random punctuation", place(buffer, n), n);
    }
}

/// wrapmodel_stream_neon_bits on its own, in the variants that have it: 64 comparison bytes
/// (0x00 or 0xFF) to one bit each, lowest address in bit 0.
static void check_neon_bits(void) {
    uint8_t compare[64];
    for (int k = 0; k < variant_count; k++) {
        const struct scan_variant *v = variants[k];
        if (!v->stream_neon_bits) continue;
        for (int round = 0; round < 20000; round++) {
            uint64_t expected;
            if (round < 64) {
                expected = (uint64_t)1 << round; // one lane set
            } else if (round < 128) {
                expected = ~((uint64_t)1 << (round - 64)); // one lane clear
            } else if (round == 128) {
                expected = 0;
            } else if (round == 129) {
                expected = ~(uint64_t)0;
            } else {
                expected = next_random();
            }
            for (unsigned b = 0; b < 64; b++) compare[b] = (expected >> b & 1) ? 0xFF : 0x00;
            uint64_t got = v->stream_neon_bits(compare);
            streamChecks++;
            neonBitsChecks++;
            if (got != expected) report_stream(v, "comparison bytes", "wrapmodel_stream_neon_bits", 0, 64, got, expected);
        }
    }
}

/// A document from disk, checked at every offset.
static int check_document(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        return 0;
    }
    size_t capacity = 1 << 16, n = 0;
    uint8_t *bytes = malloc(capacity);
    size_t got;
    while (bytes && (got = fread(bytes + n, 1, capacity - n, file)) > 0) {
        n += got;
        if (n == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    fclose(file);
    if (!bytes) return 0;
    reserve_arena(n);
    check_everywhere(path, place(bytes, n), n);
    free(bytes);
    munmap(arena, arenaBytes + (size_t)sysconf(_SC_PAGESIZE));
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s EXPECTED-NATIVE-BRANCH [DOCUMENT.json...]\n", argv[0]);
        return 2;
    }
    // The build must have compiled the branches it meant to: a wrong flag would otherwise test
    // the portable loops twice and pass.
    if (strcmp(variant_native.branch, argv[1]) != 0 || strcmp(variant_portable.branch, "portable") != 0) {
        fprintf(stderr, "ByteScan.h branches compiled: %s and %s, expected %s and portable\n", variant_native.branch,
                variant_portable.branch, argv[1]);
        return 2;
    }
    if (strcmp(variant_native.stream_branch, argv[1]) != 0 || strcmp(variant_portable.stream_branch, "portable") != 0) {
        fprintf(stderr, "StreamScan.h branches compiled: %s and %s, expected %s and portable\n",
                variant_native.stream_branch, variant_portable.stream_branch, argv[1]);
        return 2;
    }
    if ((variant_native.stream_neon_bits != NULL) != (strcmp(argv[1], "neon") == 0)) {
        fprintf(stderr, "wrapmodel_stream_neon_bits is compiled exactly when StreamScan.h takes its NEON branch\n");
        return 2;
    }
    for (int k = 2; k < argc; k++) {
        if (!check_document(argv[k])) return 2;
    }
    reserve_arena(512);
    adversarial_single_bytes();
    adversarial_pairs();
    adversarial_utf8();
    random_inputs();
    adversarial_stream_every_byte();
    adversarial_stream_edges();
    adversarial_stream_runs();
    random_stream_inputs();
    check_neon_bits();
    printf("ByteScan.h, branches %s and %s against the byte-by-byte reference: %llu checks, %llu mismatches (%d documents)\n",
           variant_native.branch, variant_portable.branch, checks, mismatches, argc - 2);
    printf("StreamScan.h, branches %s and %s against the byte-by-byte reference: %llu checks (%llu of them on "
           "wrapmodel_stream_neon_bits), %llu mismatches (%d documents)\n",
           variant_native.stream_branch, variant_portable.stream_branch, streamChecks, neonBitsChecks, streamMismatches,
           argc - 2);
    return mismatches == 0 && streamMismatches == 0 ? 0 : 1;
}
