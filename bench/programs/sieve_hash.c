/* Integer loops: sieve of Eratosthenes + 32-bit integer hashing.
 * Single-threaded, deterministic, prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

#define LIMIT 4000000u
#define HASH_ROUNDS 4000000u

static unsigned mix32(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

int main(void) {
    unsigned char *composite = malloc(LIMIT + 1);
    if (!composite)
        return 1;
    for (unsigned i = 0; i <= LIMIT; i++)
        composite[i] = 0;
    composite[0] = composite[1] = 1;
    for (unsigned i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (unsigned j = i * i; j <= LIMIT; j += i)
                composite[j] = 1;

    unsigned count = 0, psum = 0, phash = 2166136261u;
    for (unsigned i = 2; i <= LIMIT; i++) {
        if (!composite[i]) {
            count++;
            psum += i;
            phash = (phash ^ i) * 16777619u;
        }
    }
    free(composite);

    unsigned h = 0x12345678u, acc = 0;
    for (unsigned i = 0; i < HASH_ROUNDS; i++) {
        h = mix32(h + i);
        acc += h >> (i & 7);
        if ((h & 1023u) == 0)
            acc ^= i;
    }

    printf("primes<=%u: %u sum=%u fnv=%08x\n", LIMIT, count, psum, phash);
    printf("hash acc=%08x last=%08x\n", acc, h);
    printf("checksum %08x\n", phash ^ acc ^ count);
    return 0;
}
