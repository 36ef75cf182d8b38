/* Calls: small non-recursive functions with several arguments, calls through a
 * table of function pointers, a struct passed by pointer, and a variadic-free
 * chain of helpers (each call does little work, so the call itself dominates). */
#include <stdio.h>

#define ROUNDS 1500000

struct acc {
    unsigned sum;
    unsigned xor;
    unsigned count;
};

static unsigned add3(unsigned a, unsigned b, unsigned c) { return a + b + c; }
static unsigned mix(unsigned a, unsigned b) { return (a ^ (b << 5)) + (b >> 3); }
static unsigned rot(unsigned v, unsigned r) { return (v << (r & 31)) | (v >> ((32 - r) & 31)); }
static unsigned clamp(unsigned v, unsigned lo, unsigned hi) { return v < lo ? lo : v > hi ? hi : v; }

static unsigned op_add(unsigned a, unsigned b) { return a + b; }
static unsigned op_sub(unsigned a, unsigned b) { return a - b; }
static unsigned op_xor(unsigned a, unsigned b) { return a ^ b; }
static unsigned op_mul(unsigned a, unsigned b) { return a * (b | 1u); }

static void feed(struct acc *s, unsigned v) {
    s->sum += v;
    s->xor ^= rot(v, s->count);
    s->count++;
}

static unsigned step(unsigned x, unsigned i) {
    return mix(add3(x, i, 7u), clamp(i, 3u, 1000u));
}

int main(void) {
    unsigned (*ops[4])(unsigned, unsigned) = {op_add, op_sub, op_xor, op_mul};
    struct acc s = {0, 0, 0};
    unsigned x = 1u;
    for (unsigned i = 0; i < ROUNDS; i++) {
        x = step(x, i);
        x = ops[x & 3](x, i);
        feed(&s, x);
    }
    printf("sum=%u xor=%08x count=%u x=%08x\n", s.sum, s.xor, s.count, x);
    printf("checksum %08x\n", s.sum ^ s.xor ^ x);
    return 0;
}
