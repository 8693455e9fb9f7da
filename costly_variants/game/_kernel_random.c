/* The compiled kernel's random numbers: Python's random.Random as game/playout.py seeds and draws from it
   (CPython's Modules/_randommodule.c). The same rules as the Python, step for step; tests/test_kernel.py
   holds the two to the same games. */
#include "_kernel.h"

/* ---- the Mersenne Twister, as CPython's Modules/_randommodule.c ---------------------------------- */

static void mt_init_genrand(MT *m, uint32_t s) {
    m->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->mti = m->twisted = MT_N;
}

static void mt_init_by_array(MT *m, const uint32_t *key, size_t length) { /* length 1 or 2 */
    /* init_genrand(19650218), where every seeding starts: the same state each time, made once */
    static MT start;
    static int made = 0;
    if (!made) {
        mt_init_genrand(&start, 19650218U);
        made = 1;
    }
    uint32_t *mt = m->mt;
    memcpy(m, &start, sizeof start);
    /* CPython's two loops for a key of one or two words, unrolled where their indices wrap: each word's
       predecessor kept in a register, the key's words with their index added beforehand (the word used
       alternates with two, is the one with one); a game seeds a generator for every game it plays. */
    uint32_t even = key[0], odd = length > 1 ? key[1] + 1U : key[0];
    uint32_t prev = mt[0];
    for (int i = 1; i + 1 < MT_N; i += 2) { /* the first loop's steps 0 to 621, words 1 to 622 */
        prev = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + even;
        mt[i] = prev;
        prev = (mt[i + 1] ^ ((prev ^ (prev >> 30)) * 1664525U)) + odd;
        mt[i + 1] = prev;
    }
    prev = (mt[MT_N - 1] ^ ((prev ^ (prev >> 30)) * 1664525U)) + even; /* step 622, the last word */
    mt[MT_N - 1] = prev;
    mt[0] = prev;
    prev = (mt[1] ^ ((prev ^ (prev >> 30)) * 1664525U)) + odd; /* step 623: the index back at word 1 */
    mt[1] = prev;
    for (int i = 2; i < MT_N; i++) { /* the second loop, from word 2 round to word 1 */
        prev = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[i] = prev;
    }
    mt[0] = prev;
    prev = (mt[1] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - 1U;
    mt[1] = prev;
    mt[0] = 0x80000000U;
}

/* One word of genrand_uint32's twist. CPython twists all N words when the last is used; a game draws a
   hundred or so, so they are twisted as they are reached, in the same order: word kk reads words kk + 1
   and kk + M not yet twisted and word kk + M - N already twisted, as the whole twist does. */
HOT_INLINE void mt_twist(uint32_t *mt, int kk) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (kk < MT_N - MT_M) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
    } else if (kk < MT_N - 1) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
    } else {
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
    }
}

HOT_INLINE uint32_t mt_next(MT *m) {
    if (m->mti >= MT_N) /* every word used: the next twist begins */
        m->mti = m->twisted = 0;
    while (m->twisted <= m->mti)
        mt_twist(m->mt, m->twisted++);
    uint32_t y = m->mt[m->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random(seed) for 0 <= seed < 2**64: the key is the seed's 32-bit words, low first, as many as
   its bits need (one for 0). */
void mt_seed(MT *m, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    mt_init_by_array(m, key, key[1] ? 2 : 1);
}

uint64_t mt_bits64(MT *m) { /* getrandbits(64): the first word is the low one */
    uint64_t low = mt_next(m);
    return low | ((uint64_t)mt_next(m) << 32);
}

HOT_INLINE int below(MT *m, int n) { /* _randbelow_with_getrandbits(n), 1 <= n < 2**31 */
#if defined(__GNUC__) || defined(__clang__)
    int k = 32 - __builtin_clz((unsigned)n); /* n.bit_length() */
#else
    int k = 0;
    while ((n >> k) != 0)
        k++;
#endif
    uint32_t r = mt_next(m) >> (32 - k);
    while (r >= (uint32_t)n)
        r = mt_next(m) >> (32 - k);
    return (int)r;
}

int mt_below(MT *m, int n) { return below(m, n); }

/* The first `draws` places of a partial Fisher-Yates shuffle of `pool` (`n` cards), as search.py deals a
   world: for each place i, the card at i + randrange(n - i) swapped into it. */
void mt_deal(MT *m, int *pool, int n, int draws) {
    for (int i = 0; i < draws; i++) {
        int j = i + below(m, n - i), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
}
