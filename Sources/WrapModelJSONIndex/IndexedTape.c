// The second pass of the fast path (IndexedTape.h): the grammar of JSON checked from the listed
// positions, and the tape written as the byte-at-a-time parser writes it.
//
// Between two listed positions lie only whitespace, the inside of a string or the rest of a run
// (see StructuralIndex.h), so each position is the start of the next token: the loop reads one,
// looks at its first byte, and checks what may follow. Strings need no scan: their closing quote
// is the next position, unless the next positions are escapes, which are checked one by one.
// Numbers and literals are read from their first byte and must end where their run ends.

#include "IndexedTape.h"
#include "StructuralIndex.h"
#include <stdlib.h>
#include <string.h>

#define TAG(kind) ((uint64_t)(kind) << wrapmodel_tape_tag_shift)
#define FLAG ((uint64_t)1 << 59)
#define FIELD_MASK (((uint64_t)1 << wrapmodel_tape_field_bits) - 1)
/// Most tape words (indices and counts must fit the field) and longest value, as in JSONTapeLayout.
#define MAX_WORDS ((size_t)FIELD_MASK - 8)
#define MAX_VALUE_LENGTH ((size_t)FIELD_MASK)
/// Blocks of positions scanned per batch: 4 KB of input, so the words stay in the first-level cache.
#define BATCH_BLOCKS 64

// MARK: - Reading positions

/// The structural scan and the batch of words it last wrote.
typedef struct {
    wrapmodel_structural_scanner scanner;
    size_t next_word;
    size_t word_count;
    /// Where the block of `words[next_word]` starts.
    size_t next_base;
    uint64_t words[BATCH_BLOCKS];
} cursor;

/// A block's word of positions and where the block starts; `base` is SIZE_MAX past the end.
typedef struct {
    uint64_t bits;
    size_t base;
} block_bits;

/// Scans the next batch and returns its first block.
static __attribute__((noinline)) block_bits refill(cursor *c) {
    c->next_base = c->scanner.position;
    c->word_count = wrapmodel_structural_scan(&c->scanner, c->words, BATCH_BLOCKS);
    c->next_word = 0;
    if (c->word_count == 0) return (block_bits){0, SIZE_MAX};
    c->next_word = 1;
    size_t base = c->next_base;
    c->next_base += 64;
    return (block_bits){c->words[0], base};
}

/// The next listed position, or `length` once there are none. `bits` and `base` are the current
/// block's unread positions and start: locals of the caller, so that they stay in registers.
static inline __attribute__((always_inline)) size_t take(uint64_t *bits, size_t *base, cursor *c, size_t length) {
    while (*bits == 0) {
        block_bits next;
        if (c->next_word < c->word_count) {
            next.bits = c->words[c->next_word++];
            next.base = c->next_base;
            c->next_base += 64;
        } else {
            next = refill(c);
            if (next.base == SIZE_MAX) return length;
        }
        *bits = next.bits;
        *base = next.base;
    }
    size_t position = *base + (size_t)__builtin_ctzll(*bits);
    *bits &= *bits - 1;
    return position;
}

// MARK: - Tokens

/// One more than each hexadecimal digit's value; 0 for other bytes.
static const uint8_t hex_digits[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/// Nonzero for the bytes that may follow a backslash on their own: `" \ / b f n r t`.
static const uint8_t simple_escapes[256] = {
    ['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1, ['r'] = 1, ['t'] = 1,
};

/// The code unit of the four hexadecimal digits at `at`, or -1.
static inline long hex4(const uint8_t *p, size_t length, size_t at) {
    if (at + 4 > length) return -1;
    long a = (long)hex_digits[p[at]] - 1, b = (long)hex_digits[p[at + 1]] - 1;
    long c = (long)hex_digits[p[at + 2]] - 1, d = (long)hex_digits[p[at + 3]] - 1;
    if ((a | b | c | d) < 0) return -1;
    return a << 12 | b << 8 | c << 4 | d;
}

/// The index after the escape whose backslash is at `j`, or 0 when it is invalid (a `\u` high
/// surrogate must be followed by an escaped low one, as the byte-at-a-time parser requires).
static inline __attribute__((always_inline)) size_t escape_end(const uint8_t *p, size_t length, size_t j) {
    if (j + 1 >= length) return 0;
    uint8_t kind = p[j + 1];
    if (simple_escapes[kind]) return j + 2;
    if (kind != 'u') return 0;
    long unit = hex4(p, length, j + 2);
    if (unit < 0) return 0;
    if ((unit & 0xF800) != 0xD800) return j + 6;
    if (unit >= 0xDC00) return 0;
    if (j + 7 >= length || p[j + 6] != '\\' || p[j + 7] != 'u') return 0;
    long low = hex4(p, length, j + 8);
    if (low < 0 || (low & 0xFC00) != 0xDC00) return 0;
    return j + 12;
}

/// The index of the first byte at or after `j` that is not an ASCII digit, eight bytes at a time.
static inline size_t skip_digits(const uint8_t *p, size_t length, size_t j) {
    while (j + 8 <= length) {
        uint64_t word;
        memcpy(&word, p + j, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        // Digits become 0...9; a byte is flagged when its low seven bits are 10 or more or its top
        // bit is set (masking the top bit first keeps the addition from carrying across bytes).
        uint64_t a = word ^ 0x3030303030303030ull;
        uint64_t flagged = (((a & 0x7F7F7F7F7F7F7F7Full) + 0x7676767676767676ull) | a) & 0x8080808080808080ull;
        if (flagged) return j + (size_t)(__builtin_ctzll(flagged) >> 3);
        j += 8;
    }
    while (j < length && (uint8_t)(p[j] - '0') < 10) j++;
    return j;
}

/// Checks the number at `start` (RFC 8259's grammar) and finds its end and whether it is an
/// integral literal. 0 when it is invalid, or when its magnitude might exceed Double's range
/// (more than 308 digits before the point, counting the exponent): the byte-at-a-time parser
/// then converts it to decide, as it always has.
static inline int scan_number(const uint8_t *p, size_t length, size_t start, size_t *end, int *integral) {
    size_t j = start;
    if (p[j] == '-') j++;
    if (j >= length) return 0;
    size_t digitsStart = j;
    uint8_t first = p[j];
    if (first == '0') {
        j++;
    } else if ((uint8_t)(first - '1') < 9) {
        j = skip_digits(p, length, j + 1);
    } else {
        return 0;
    }
    long integerDigits = (long)(j - digitsStart);
    int isIntegral = 1;
    long exponent = 0;
    if (j < length && p[j] == '.') {
        isIntegral = 0;
        j++;
        if (j >= length || (uint8_t)(p[j] - '0') >= 10) return 0;
        j = skip_digits(p, length, j + 1);
    }
    if (j < length && (p[j] | 0x20) == 'e') {
        isIntegral = 0;
        j++;
        int negative = 0;
        if (j < length && (p[j] == '+' || p[j] == '-')) {
            negative = p[j] == '-';
            j++;
        }
        if (j >= length || (uint8_t)(p[j] - '0') >= 10) return 0;
        while (j < length && (uint8_t)(p[j] - '0') < 10) {
            if (exponent < 100000) exponent = exponent * 10 + (p[j] - '0');
            j++;
        }
        if (negative) exponent = -exponent;
    }
    if (integerDigits + exponent > 308) return 0;
    *end = j;
    *integral = isIntegral;
    return 1;
}

/// Whether a number or literal that ends at `end` ends its run: the next byte is whitespace, a
/// structural character or a quote, or there is none. Otherwise the run goes on (`12x`, `truer`)
/// and its rest is listed nowhere.
static inline int ends_run(const uint8_t *p, size_t length, size_t end) {
    if (end >= length) return 1;
    uint8_t c = p[end];
    // Tab, line feed, carriage return, space, quote, comma, colon; then [ ] { }.
    const uint64_t below64 = (1ull << 0x09) | (1ull << 0x0A) | (1ull << 0x0D) | (1ull << 0x20) | (1ull << 0x22) |
                             (1ull << 0x2C) | (1ull << 0x3A);
    const uint64_t from64 = (1ull << (0x5B - 64)) | (1ull << (0x5D - 64)) | (1ull << (0x7B - 64)) | (1ull << (0x7D - 64));
    if (c >= 0x80) return 0;
    return (int)(((c < 64 ? below64 : from64) >> (c & 63)) & 1);
}

/// Whether the `length` bytes of `literal` are at `i`, ending their run.
static inline int literal_at(const uint8_t *p, size_t n, size_t i, const char *literal, size_t length) {
    return i + length <= n && memcmp(p + i, literal, length) == 0 && ends_run(p, n, i + length);
}

/// The tape word of the string whose opening quote is at `open`, or 0 when an escape in it is
/// invalid or it is too long. Inside a string the scan lists only the backslashes that start
/// escapes, and then the closing quote.
static inline __attribute__((always_inline)) uint64_t string_word(const uint8_t *p, size_t n, size_t open,
                                                                  uint64_t *bits, size_t *base, cursor *c) {
    size_t close = take(bits, base, c, n);
    uint64_t flag = 0;
    while (close < n && p[close] == '\\') {
        flag = FLAG;
        size_t after = escape_end(p, n, close);
        if (!after) return 0;
        // A `\u` surrogate pair is two escapes; the second's backslash is listed too.
        do close = take(bits, base, c, n); while (close < after);
    }
    if (close >= n || p[close] != '"' || close + 1 - open > MAX_VALUE_LENGTH) return 0;
    return TAG(wrapmodel_tape_string) | flag | (uint64_t)(close + 1 - open) << wrapmodel_tape_field_shift | open;
}

/// Doubles the tape's capacity (up to the layout's limit); 0 when it may not grow.
static int grow(uint64_t **words, size_t *capacity) {
    if (*capacity >= MAX_WORDS) return 0;
    size_t larger = *capacity * 2 < MAX_WORDS + 8 ? *capacity * 2 : MAX_WORDS + 8;
    uint64_t *grown = realloc(*words, larger * 8);
    if (!grown) return 0;
    *words = grown;
    *capacity = larger;
    return 1;
}

// MARK: - The loop

int wrapmodel_build_indexed_tape(const uint8_t *p, size_t n, size_t start, int lenient, size_t max_depth,
                                 wrapmodel_classifier classifier, wrapmodel_tape_buffer *out) {
    cursor cur;
    wrapmodel_structural_scanner_init(&cur.scanner, p, n, start, classifier);
    cur.next_word = 0;
    cur.word_count = 0;
    cur.next_base = start;
    uint64_t bits = 0;
    size_t base = 0;

    uint64_t *tape = out->words;
    size_t count = out->count;
    size_t capacity = out->capacity;
    // Enclosing containers, packed as `isObject << 63 | memberCount << 32 | header`.
    uint64_t inlineStack[64];
    uint64_t *stack = inlineStack;
    size_t stackCapacity = 64;
    size_t depth = 0;
    size_t header = 0;
    uint64_t memberCount = 0;
    int inObject = 0;
    int built = 0;

#define NEXT() take(&bits, &base, &cur, n)
#define ENSURE_ROOM() \
    if (count + 4 > capacity && !grow(&tape, &capacity)) goto done
#define POP()                                                \
    if (depth > 0) {                                         \
        uint64_t saved = stack[--stackTop];                  \
        header = (size_t)(saved & 0xFFFFFFFFu);              \
        memberCount = (saved >> 32) & 0x7FFFFFFFu;           \
        inObject = (int)(saved >> 63);                       \
    }
#define CLOSE(at)                                                                           \
    tape[header] |= (uint64_t)(count + 1) << wrapmodel_tape_field_shift;                   \
    tape[count++] = TAG(wrapmodel_tape_close) | memberCount << wrapmodel_tape_field_shift | (at)

    size_t stackTop = 0;
    size_t i = NEXT();
    for (;;) {
    value:
        if (i >= n) goto done;
        ENSURE_ROOM();
        uint8_t c = p[i];
        if (c == '"') {
            uint64_t word = string_word(p, n, i, &bits, &base, &cur);
            if (!word) goto done;
            tape[count++] = word;
            i = NEXT();
        } else if (c == '-' || (uint8_t)(c - '0') < 10) {
            size_t end;
            int integral;
            if (!scan_number(p, n, i, &end, &integral) || !ends_run(p, n, end) || end - i > MAX_VALUE_LENGTH) goto done;
            tape[count++] = TAG(wrapmodel_tape_number) | (integral ? FLAG : 0) | (uint64_t)(end - i) << wrapmodel_tape_field_shift | i;
            i = NEXT();
        } else if (c == '{' || c == '[') {
            if (depth >= max_depth) goto done;
            if (depth > 0) {
                if (stackTop == stackCapacity) {
                    size_t larger = stackCapacity * 2;
                    uint64_t *grown = stack == inlineStack ? malloc(larger * 8) : realloc(stack, larger * 8);
                    if (!grown) goto done;
                    if (stack == inlineStack) memcpy(grown, inlineStack, sizeof inlineStack);
                    stack = grown;
                    stackCapacity = larger;
                }
                stack[stackTop++] = (uint64_t)inObject << 63 | memberCount << 32 | (uint64_t)header;
            }
            depth++;
            inObject = c == '{';
            header = count;
            memberCount = 0;
            tape[count++] = TAG(inObject ? wrapmodel_tape_object : wrapmodel_tape_array) | i;
            i = NEXT();
            if (i >= n) goto done;
            if (p[i] == c + 2) { // '}' is '{' + 2 and ']' is '[' + 2
                CLOSE(i);
                i = NEXT();
                depth--;
                POP();
            } else {
                if (inObject) goto key;
                goto value;
            }
        } else if (c == 't') {
            if (!literal_at(p, n, i, "true", 4)) goto done;
            tape[count++] = TAG(wrapmodel_tape_true) | (uint64_t)4 << wrapmodel_tape_field_shift | i;
            i = NEXT();
        } else if (c == 'f') {
            if (!literal_at(p, n, i, "false", 5)) goto done;
            tape[count++] = TAG(wrapmodel_tape_false) | (uint64_t)5 << wrapmodel_tape_field_shift | i;
            i = NEXT();
        } else if (c == 'n') {
            if (!literal_at(p, n, i, "null", 4)) goto done;
            tape[count++] = TAG(wrapmodel_tape_null) | (uint64_t)4 << wrapmodel_tape_field_shift | i;
            i = NEXT();
        } else {
            goto done;
        }

        // A value just ended; `i` is the next position: continue the enclosing container.
        while (depth > 0) {
            memberCount++;
            if (i >= n) goto done;
            uint8_t d = p[i];
            uint8_t closer = inObject ? '}' : ']';
            if (d == ',') {
                i = NEXT();
                if (!lenient || i >= n || p[i] != closer) {
                    if (inObject) goto key;
                    goto value;
                }
                d = closer; // a trailing comma: close the container below
            }
            if (d != closer) goto done;
            ENSURE_ROOM();
            CLOSE(i);
            i = NEXT();
            depth--;
            POP();
        }
        // The sentinel (the input's length) comes last; the scan also stops early when it finds
        // the input invalid, hence the check of `failed`.
        built = i == n && !cur.scanner.failed;
        goto done;

    key:
        // `"key" :` at `i`, then the member's value.
        if (i >= n || p[i] != '"') goto done;
        ENSURE_ROOM();
        {
            uint64_t word = string_word(p, n, i, &bits, &base, &cur);
            if (!word) goto done;
            tape[count++] = word;
            size_t colon = NEXT();
            if (colon >= n || p[colon] != ':') goto done;
        }
        i = NEXT();
    }
done:
    if (stack != inlineStack) free(stack);
    out->words = tape;
    out->count = count;
    out->capacity = capacity;
    return built;
#undef NEXT
#undef ENSURE_ROOM
#undef POP
#undef CLOSE
}
