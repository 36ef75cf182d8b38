/* ravel-test
 * run: error stack-overflow
 */
static int pong(unsigned n);

static int ping(unsigned n) {
    volatile int local[64];
    local[n % 64] = (int)n;
    return n == 0xFFFFFFFFu ? 0 : pong(n + 1) + local[0];
}

static int pong(unsigned n) {
    volatile int local[64];
    local[n % 64] = (int)n;
    return ping(n + 1) + local[1];
}

int main(void) {
    return ping(1); /* would need about 4 billion frames */
}
