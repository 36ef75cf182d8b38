/* Calls and recursion: naive fib, Ackermann, and mutual recursion. */
#include <stdio.h>

static unsigned fib(unsigned n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned ack(unsigned m, unsigned n) {
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static unsigned tak(unsigned x, unsigned y, unsigned z) {
    if (y >= x)
        return z;
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
}

int main(void) {
    unsigned f = fib(27) + fib(34);
    unsigned a = 0;
    for (unsigned n = 1; n <= 7; n++)
        a += ack(3, n);
    a += ack(2, 200);
    unsigned parity = 0;
    for (unsigned n = 0; n < 300; n++)
        parity = parity * 3u + (unsigned)is_even(n * 7u);
    unsigned t = tak(24, 16, 8);
    printf("fib(27)+fib(34)=%u ack-sum=%u parity=%08x tak=%u\n", f, a, parity, t);
    printf("checksum %08x\n", (f * 2654435761u) ^ a ^ parity ^ t);
    return 0;
}
