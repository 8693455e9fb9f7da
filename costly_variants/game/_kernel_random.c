/* The compiled kernel's random numbers: Python's random.Random as game/playout.py seeds and draws from it
   (CPython's Modules/_randommodule.c). The same rules as the Python, step for step; tests/test_kernel.py
   holds the two to the same games. */
#include "_kernel.h"

/* ---- the Mersenne Twister, as CPython's Modules/_randommodule.c ---------------------------------- */

static void mt_init_genrand(MT *m, uint32_t s) {
    m->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->mti = MT_N;
}

static void mt_init_by_array(MT *m, const uint32_t *key, size_t length) {
    uint32_t *mt = m->mt;
    mt_init_genrand(m, 19650218U);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > length ? MT_N : length; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
}

static uint32_t mt_next(MT *m) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = m->mt;
    uint32_t y;
    if (m->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        m->mti = 0;
    }
    y = mt[m->mti++];
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

int mt_below(MT *m, int n) { /* _randbelow_with_getrandbits(n), 1 <= n < 2**31 */
    int k = 0;
    while ((n >> k) != 0)
        k++;
    uint32_t r = mt_next(m) >> (32 - k);
    while (r >= (uint32_t)n)
        r = mt_next(m) >> (32 - k);
    return (int)r;
}
