#ifndef SIFT_SCAN_H
#define SIFT_SCAN_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The position (0 to 15) of the first byte among the 16 at `p` that ends a run of plain
/// string text: a quote, a backslash, a control byte (below 0x20) or a non-ASCII byte (0x80
/// and up); 16 when there is none. All 16 bytes must be readable.
///
/// With SSE2 (every x86-64) this is one load, three compares and a mask; elsewhere two 64-bit
/// words with the classic "has a byte equal to / less than" bit tricks.
static inline int sift_first_special16(const uint8_t *p) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    // A signed compare: bytes 0x80 and up are negative, so this catches them with the controls.
    __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), low));
    return mask == 0 ? 16 : __builtin_ctz(mask);
#else
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    for (int half = 0; half < 2; half++) {
        uint64_t w;
        memcpy(&w, p + 8 * half, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
#endif
        uint64_t quote = w ^ (ones * 0x22), slash = w ^ (ones * 0x5C);
        uint64_t special = (((quote - ones) & ~quote) | ((slash - ones) & ~slash) | ((w - ones * 0x20) & ~w) | w) & high;
        // Bits above the lowest may be false alarms; the lowest marks the first such byte exactly.
        if (special != 0) return 8 * half + __builtin_ctzll(special) / 8;
    }
    return 16;
#endif
}

/// The commit the binary was built from (`scripts/package` sets it), or "unknown".
const char *sift_build_commit(void);

#endif
