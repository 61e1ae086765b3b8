// The block classifiers and the scanning loop of StructuralIndex.h (which walks an example).
//
// A block of 64 bytes becomes six bit masks, bit k for byte k: quotes, backslashes, whitespace,
// structural characters (`{ } [ ] : ,`), control characters (< 0x20) and bytes above 0x7F. The
// loop turns them into the positions the second pass reads, carrying three facts from block to
// block: whether a string is open, whether a backslash escapes the next block's first byte, and
// whether a run of scalar bytes continues into it.

#include "StructuralIndex.h"
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define WRAPMODEL_X86 1
#endif

typedef struct {
    uint64_t quote;
    uint64_t backslash;
    uint64_t whitespace;
    uint64_t operators;
    uint64_t control;
    uint64_t high;
} block_classes;

// MARK: - Classifiers

/// Byte by byte: the reference the vector classifiers must agree with, and the classifier of
/// targets without one.
static inline void classify_portable(const uint8_t *block, block_classes *c) {
    uint64_t quote = 0, backslash = 0, whitespace = 0, operators = 0, control = 0, high = 0;
    for (unsigned k = 0; k < 64; k++) {
        uint8_t b = block[k];
        uint64_t bit = (uint64_t)1 << k;
        if (b == '"') quote |= bit;
        if (b == '\\') backslash |= bit;
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r') whitespace |= bit;
        if (b == '{' || b == '}' || b == '[' || b == ']' || b == ':' || b == ',') operators |= bit;
        if (b < 0x20) control |= bit;
        if (b >= 0x80) high |= bit;
    }
    c->quote = quote;
    c->backslash = backslash;
    c->whitespace = whitespace;
    c->operators = operators;
    c->control = control;
    c->high = high;
}

#if WRAPMODEL_X86

/// AVX2, 32 bytes at a time. Whitespace and structural characters are found with a table lookup
/// by low nibble (`vpshufb`): each of the four whitespace bytes has its own low nibble, and so do
/// `{ } : ,` once `[ ]` are folded onto `{ }`. The lookup matches two control characters as
/// structural (0x0C, 0x1A fold onto ',' and ':'); both are invalid wherever they stand, so the
/// second pass fails on them either way.
__attribute__((target("avx2"))) static inline void classify_avx2(const uint8_t *block, block_classes *c) {
    const __m256i whitespaceTable =
        _mm256_broadcastsi128_si256(_mm_setr_epi8(' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0));
    const __m256i operatorTable =
        _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}', 0, 0));
    const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\');
    const __m256i caseBit = _mm256_set1_epi8(0x20), lastControl = _mm256_set1_epi8(0x1F);
    uint64_t q = 0, b = 0, w = 0, o = 0, k = 0, h = 0;
    for (unsigned part = 0; part < 2; part++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(block + 32 * part));
        __m256i folded = _mm256_or_si256(x, caseBit);
        __m256i ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(whitespaceTable, x), x);
        __m256i op = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(operatorTable, folded), folded);
        unsigned shift = 32 * part;
        q |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, quote)) << shift;
        b |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, backslash)) << shift;
        w |= (uint64_t)(uint32_t)_mm256_movemask_epi8(ws) << shift;
        o |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << shift;
        k |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(x, lastControl), lastControl)) << shift;
        h |= (uint64_t)(uint32_t)_mm256_movemask_epi8(x) << shift;
    }
    c->quote = q;
    c->backslash = b;
    c->whitespace = w;
    c->operators = o;
    c->control = k;
    c->high = h;
}

/// `prefix_parity` in one carry-less multiplication by all ones (PCLMULQDQ, which every AVX2
/// processor has).
__attribute__((target("pclmul"))) static inline uint64_t prefix_parity_clmul(uint64_t bits) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)bits), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/// Whether the processor and the operating system support AVX2 (the OS must save the 256-bit
/// registers: XCR0 bits 1 and 2).
static int cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned leaf1 = c;
    unsigned xcr0Low, xcr0High;
    __asm__ volatile("xgetbv" : "=a"(xcr0Low), "=d"(xcr0High) : "c"(0));
    (void)xcr0High;
    if ((xcr0Low & 6) != 6) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    int popcnt = (leaf1 & bit_POPCNT) != 0 && (leaf1 & bit_PCLMUL) != 0;
    __cpuid_count(7, 0, a, b, c, d);
    // The AVX2 scan is also compiled for BMI1, BMI2, POPCNT and PCLMULQDQ, which every AVX2 processor has.
    return popcnt && (b & bit_AVX2) && (b & bit_BMI) && (b & bit_BMI2);
}

#endif

// MARK: - Pieces of the loop

/// The index of the lowest set bit of a nonzero word.
static inline unsigned lowest_bit(uint64_t bits) {
    return (unsigned)__builtin_ctzll(bits);
}

/// For each bit k of `bits`, bit k of the result is the parity of bits 0...k: inside a string
/// from its opening quote up to (not including) its closing quote.
static inline uint64_t prefix_parity(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

/// Which bytes of a block backslashes escape, without a loop over the backslashes.
///
/// A run of backslashes that starts at position s escapes every other backslash of the run
/// (s + 1, s + 3, ...) and, when the run is of odd length, the byte after it. Adding a run's first
/// bit to the run carries through it to the bit just after it; whether that bit's position has the
/// parity of s or not tells whether the run's length is even or odd. Runs that start at even and at
/// odd positions are handled apart, so each needs one addition.
typedef struct {
    /// Bytes a backslash escapes (quotes among them are part of their string).
    uint64_t escaped;
    /// Backslashes that start an escape.
    uint64_t starts;
} escape_bits;

static inline __attribute__((always_inline)) escape_bits find_escapes(uint64_t backslashes, uint64_t *pending) {
    const uint64_t evenBits = 0x5555555555555555ull, oddBits = ~evenBits;
    // A backslash at the end of the previous block escapes this block's first byte, which then
    // starts nothing itself.
    uint64_t carried = *pending;
    uint64_t b = backslashes & ~carried;
    uint64_t runStarts = b & ~(b << 1);
    uint64_t evenCarried = b + (runStarts & evenBits);
    uint64_t oddCarried = b + (runStarts & oddBits);
    uint64_t inEvenRuns = b & ~evenCarried;
    uint64_t inOddRuns = b & ~oddCarried;
    uint64_t escapedBackslashes = (inEvenRuns & oddBits) | (inOddRuns & evenBits);
    uint64_t oddLengthEnds = (evenCarried & ~b & oddBits) | (oddCarried & ~b & evenBits);
    escape_bits result;
    result.starts = b & ~escapedBackslashes;
    result.escaped = escapedBackslashes | oddLengthEnds | carried;
    *pending = result.starts >> 63;
    return result;
}

/// Turns one block's classes into its positions (see the header) and updates the carried state;
/// false when the block shows the input cannot be valid. `parity` is `prefix_parity` or a
/// faster equivalent.
static inline __attribute__((always_inline)) int finish_block(wrapmodel_structural_scanner *s, const block_classes *c,
                                                              uint64_t *positions, uint64_t (*parity)(uint64_t)) {
    // Most blocks have no backslash: skip the arithmetic there (a branch that predicts well both
    // in ordinary text and in text that escapes every non-ASCII character).
    escape_bits escapes = {0, 0};
    if (c->backslash | s->escape_pending) escapes = find_escapes(c->backslash, &s->escape_pending);
    uint64_t quotes = c->quote & ~escapes.escaped;
    uint64_t inString = parity(quotes) ^ s->in_string;
    s->in_string = (uint64_t)((int64_t)inString >> 63);
    if (c->control & inString) return 0; // a raw control character inside a string
    uint64_t run = ~(c->whitespace | c->operators | quotes | inString);
    uint64_t runStarts = run & ~((run << 1) | s->run_pending);
    s->run_pending = run >> 63;
    *positions = (c->operators & ~inString) | quotes | runStarts | (escapes.starts & inString);
    return 1;
}

// MARK: - UTF-8

/// Checks that `p[from..<to]` is valid UTF-8, reading past `to` (up to `length`) to finish a
/// sequence that starts before it. Returns where it stopped (at least `to`), or SIZE_MAX.
/// Valid means what RFC 3629 allows: no overlong forms, no surrogates, nothing above U+10FFFF.
///
/// Text in other scripts runs to many two- and three-byte sequences in a row, so those are checked
/// with one four-byte load and a mask each, and four ASCII bytes at a time; lead bytes with a
/// narrower second-byte range (E0, ED), four-byte sequences and errors take the careful path.
static size_t check_utf8(const uint8_t *p, size_t from, size_t to, size_t length) {
    size_t i = from;
    while (i < to) {
        if (i + 4 <= length) {
            uint32_t w;
            memcpy(&w, p + i, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            w = __builtin_bswap32(w);
#endif
            if ((w & 0x80808080u) == 0) {
                i += 4;
                continue;
            }
            if ((w & 0x80u) == 0) {
                i++;
                continue;
            }
            uint32_t lead = w & 0xFFu;
            if ((w & 0x00C0C0F0u) == 0x008080E0u && lead != 0xE0 && lead != 0xED) {
                i += 3;
                continue;
            }
            if ((w & 0xC0E0u) == 0x80C0u && lead >= 0xC2) {
                i += 2;
                continue;
            }
        }
        uint8_t lead = p[i];
        if (lead < 0x80) {
            i++;
            continue;
        }
        if (lead < 0xC2) return SIZE_MAX; // a continuation byte, or an overlong two-byte lead
        if (lead < 0xE0) {
            if (i + 1 >= length || (p[i + 1] & 0xC0) != 0x80) return SIZE_MAX;
            i += 2;
            continue;
        }
        if (lead < 0xF0) {
            if (i + 2 >= length) return SIZE_MAX;
            uint8_t second = p[i + 1];
            uint8_t low = lead == 0xE0 ? 0xA0 : 0x80;  // E0 80...9F would be overlong
            uint8_t high = lead == 0xED ? 0x9F : 0xBF; // ED A0...BF would be surrogates
            if (second < low || second > high || (p[i + 2] & 0xC0) != 0x80) return SIZE_MAX;
            i += 3;
            continue;
        }
        if (lead < 0xF5) {
            if (i + 3 >= length) return SIZE_MAX;
            uint8_t second = p[i + 1];
            uint8_t low = lead == 0xF0 ? 0x90 : 0x80;  // F0 80...8F would be overlong
            uint8_t high = lead == 0xF4 ? 0x8F : 0xBF; // beyond U+10FFFF
            if (second < low || second > high || (p[i + 2] & 0xC0) != 0x80 || (p[i + 3] & 0xC0) != 0x80) return SIZE_MAX;
            i += 4;
            continue;
        }
        return SIZE_MAX;
    }
    return i;
}

/// The UTF-8 check of classifiers without a vector one: the non-ASCII bytes of the block, in
/// order, by `check_utf8`.
static inline __attribute__((always_inline)) int utf8_valid_scalar(wrapmodel_structural_scanner *s,
                                                                   const uint8_t *block, size_t base,
                                                                   size_t end, uint64_t high) {
    (void)block;
    if (!high) return 1;
    size_t first = base + lowest_bit(high);
    size_t from = first > s->utf8_checked ? first : s->utf8_checked;
    if (from < end) {
        size_t checked = check_utf8(s->input, from, end, s->length);
        if (checked == SIZE_MAX) return 0;
        s->utf8_checked = checked;
    }
    return 1;
}

/// Whether the input ends inside a multi-byte sequence (a lead byte among its last three bytes
/// that needs more bytes than follow it). Vector checks find a missing continuation byte only
/// when another byte follows.
static int ends_inside_sequence(const uint8_t *p, size_t start, size_t length) {
    if (length > start && p[length - 1] >= 0xC0) return 1;
    if (length > start + 1 && p[length - 2] >= 0xE0) return 1;
    if (length > start + 2 && p[length - 3] >= 0xF0) return 1;
    return 0;
}

#if WRAPMODEL_X86

// The vector UTF-8 check looks at each byte with the one before it: three table lookups, by the
// high and low nibble of the previous byte and the high nibble of the byte itself, each give the
// kinds of error the pair could be; a pair is invalid when one kind is in all three. The kinds:
enum {
    utf8_too_short = 1 << 0,  // a lead byte not followed by a continuation byte
    utf8_too_long = 1 << 1,   // a continuation byte after an ASCII byte
    utf8_overlong_3 = 1 << 2, // E0 80...9F
    utf8_too_large = 1 << 3,  // F4 90...BF: beyond U+10FFFF
    utf8_surrogate = 1 << 4,  // ED A0...BF
    utf8_overlong_2 = 1 << 5, // C0 or C1 and a continuation byte
    utf8_overlong_4 = 1 << 6, // F0 80...8F
    // Two continuation bytes in a row: an error unless they are the third or fourth byte of a
    // sequence, which the check of the bytes two and three back settles.
    utf8_two_continuations = 1 << 7
};
#define U8(x) ((char)(x))
#define UTF8_ANY (utf8_too_short | utf8_too_long | utf8_two_continuations)

/// The errors of the 32 bytes at `at`, which has three readable bytes before it; zero when valid
/// (but see `ends_inside_sequence`). Lead bytes above F4 are caught apart from the tables.
__attribute__((target("avx2"))) static inline __m256i utf8_errors_avx2(const uint8_t *at) {
    // The tables repeat in both 128-bit lanes, as `vpshufb` looks up within each lane.
    const __m256i byte1High = _mm256_broadcastsi128_si256(_mm_setr_epi8(
        U8(utf8_too_long), U8(utf8_too_long), U8(utf8_too_long), U8(utf8_too_long),
        U8(utf8_too_long), U8(utf8_too_long), U8(utf8_too_long), U8(utf8_too_long),
        U8(utf8_two_continuations), U8(utf8_two_continuations), U8(utf8_two_continuations), U8(utf8_two_continuations),
        U8(utf8_too_short | utf8_overlong_2), U8(utf8_too_short),
        U8(utf8_too_short | utf8_overlong_3 | utf8_surrogate), U8(utf8_too_short | utf8_too_large | utf8_overlong_4)));
    const __m256i byte1Low = _mm256_broadcastsi128_si256(_mm_setr_epi8(
        U8(UTF8_ANY | utf8_overlong_2 | utf8_overlong_3 | utf8_overlong_4), U8(UTF8_ANY | utf8_overlong_2),
        U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY | utf8_too_large), U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY),
        U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY), U8(UTF8_ANY | utf8_surrogate),
        U8(UTF8_ANY), U8(UTF8_ANY)));
#define UTF8_CONTINUATION (utf8_too_long | utf8_overlong_2 | utf8_two_continuations)
    const __m256i byte2High = _mm256_broadcastsi128_si256(_mm_setr_epi8(
        U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short),
        U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short),
        U8(UTF8_CONTINUATION | utf8_overlong_3 | utf8_overlong_4), U8(UTF8_CONTINUATION | utf8_overlong_3 | utf8_too_large),
        U8(UTF8_CONTINUATION | utf8_surrogate | utf8_too_large), U8(UTF8_CONTINUATION | utf8_surrogate | utf8_too_large),
        U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short), U8(utf8_too_short)));
#undef UTF8_CONTINUATION
    const __m256i lowNibble = _mm256_set1_epi8(0x0F);
    __m256i input = _mm256_loadu_si256((const __m256i *)(const void *)at);
    __m256i prev1 = _mm256_loadu_si256((const __m256i *)(const void *)(at - 1));
    __m256i prev2 = _mm256_loadu_si256((const __m256i *)(const void *)(at - 2));
    __m256i prev3 = _mm256_loadu_si256((const __m256i *)(const void *)(at - 3));
    __m256i kinds = _mm256_and_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(byte1High, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), lowNibble)),
                         _mm256_shuffle_epi8(byte1Low, _mm256_and_si256(prev1, lowNibble))),
        _mm256_shuffle_epi8(byte2High, _mm256_and_si256(_mm256_srli_epi16(input, 4), lowNibble)));
    // The third byte of a three- or four-byte sequence (two back is E0 or above) and the fourth of
    // a four-byte one (three back is F0 or above) must be continuation bytes after continuation
    // bytes: exactly where the table flags two in a row.
    __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(U8(0xE0 - 1)));
    __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(U8(0xF0 - 1)));
    __m256i expected = _mm256_and_si256(_mm256_cmpgt_epi8(_mm256_or_si256(third, fourth), _mm256_setzero_si256()),
                                        _mm256_set1_epi8(U8(0x80)));
    __m256i aboveF4 = _mm256_subs_epu8(input, _mm256_set1_epi8(U8(0xF4)));
    return _mm256_or_si256(_mm256_xor_si256(kinds, expected), aboveF4);
}
#undef UTF8_ANY
#undef U8

/// The UTF-8 check of the AVX2 classifier: whole blocks with vector code; an ASCII block only
/// checks that the block before did not end inside a sequence.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) int
utf8_valid_avx2(wrapmodel_structural_scanner *s, const uint8_t *block, size_t base, size_t end, uint64_t high) {
    (void)base;
    (void)end;
    if (!high) {
        if (!s->previous_block_high) return 1;
        s->previous_block_high = 0;
        return !(block[-1] >= 0xC0 || block[-2] >= 0xE0 || block[-3] >= 0xF0);
    }
    s->previous_block_high = 1;
    __m256i errors = _mm256_or_si256(utf8_errors_avx2(block), utf8_errors_avx2(block + 32));
    return _mm256_testz_si256(errors, errors);
}

#endif

// MARK: - The loop

/// The scanning loop, inlined into one function per classifier so that each classifies inline.
/// Writes one word of positions per block; 0 when the input cannot be valid.
static inline __attribute__((always_inline)) size_t
scan_blocks(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks,
            void (*classify)(const uint8_t *, block_classes *),
            int (*utf8_valid)(wrapmodel_structural_scanner *, const uint8_t *, size_t, size_t, uint64_t),
            uint64_t (*parity)(uint64_t)) {
    if (scanner->finished) return 0;
    // The state is copied in and out so that it stays in registers: written through the
    // pointer, every store of positions could alias it.
    wrapmodel_structural_scanner state = *scanner;
    wrapmodel_structural_scanner *s = &state;
    size_t blocks = 0;
    block_classes classes;
    // The first block, when nothing precedes it, and the last, partial one are copied: with
    // three zero bytes before (for the UTF-8 check's look back) and spaces after, which list
    // nothing and end any run.
    uint8_t padded[3 + 64];
    while (blocks < max_blocks && s->position < s->length) {
        size_t base = s->position;
        size_t end = base + 64 <= s->length ? base + 64 : s->length;
        const uint8_t *block = s->input + base;
        if (base < 3 || end - base < 64) {
            size_t before = base < 3 ? base : 3;
            memset(padded, 0, 3);
            memset(padded + 3, ' ', 64);
            memcpy(padded + 3 - before, s->input + base - before, before + (end - base));
            block = padded + 3;
        }
        classify(block, &classes);
        if (!utf8_valid(s, block, base, end, classes.high)) goto failed;
        if (!finish_block(s, &classes, &positions[blocks], parity)) goto failed;
        s->position = end;
        blocks++;
    }
    if (s->position >= s->length) {
        // An unterminated string, or a multi-byte sequence cut off by the end.
        if (s->in_string || ends_inside_sequence(s->input, s->start, s->length)) goto failed;
        s->finished = 1;
    }
    *scanner = state;
    return blocks;
failed:
    *scanner = state;
    scanner->failed = 1;
    scanner->finished = 1;
    return 0;
}

// MARK: - Entry points

void wrapmodel_structural_scanner_init(wrapmodel_structural_scanner *scanner, const uint8_t *input, size_t length,
                                       size_t start, wrapmodel_classifier classifier) {
    memset(scanner, 0, sizeof *scanner);
    scanner->input = input;
    scanner->length = length;
    scanner->start = start;
    scanner->position = start;
    scanner->utf8_checked = start;
    scanner->classifier = classifier;
}

static size_t scan_portable(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks) {
    return scan_blocks(scanner, positions, max_blocks, classify_portable, utf8_valid_scalar, prefix_parity);
}

#if WRAPMODEL_X86

__attribute__((target("avx2,bmi,bmi2,popcnt,pclmul"))) static size_t
scan_avx2(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks) {
    return scan_blocks(scanner, positions, max_blocks, classify_avx2, utf8_valid_avx2, prefix_parity_clmul);
}

/// 0 until checked, then 1 (no AVX2) or 2 (AVX2). Relaxed atomics: every thread computes the same value.
static int x86_level;

int wrapmodel_structural_vector_available(void) {
    int level = __atomic_load_n(&x86_level, __ATOMIC_RELAXED);
    if (level == 0) {
        level = cpu_has_avx2() ? 2 : 1;
        __atomic_store_n(&x86_level, level, __ATOMIC_RELAXED);
    }
    return level == 2;
}

size_t wrapmodel_structural_scan(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks) {
    if (scanner->classifier == wrapmodel_classifier_vector && wrapmodel_structural_vector_available()) {
        return scan_avx2(scanner, positions, max_blocks);
    }
    return scan_portable(scanner, positions, max_blocks);
}

#else

int wrapmodel_structural_vector_available(void) {
    return 0;
}

size_t wrapmodel_structural_scan(wrapmodel_structural_scanner *scanner, uint64_t *positions, size_t max_blocks) {
    return scan_portable(scanner, positions, max_blocks);
}

#endif
