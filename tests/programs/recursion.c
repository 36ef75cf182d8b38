/* ravel-test
 * run: ok
 * stdout: fib 6765
 * stdout: ack 9
 * stdout: parity 1 1
 * stdout: fact 2432902008176640000
 * stdout: gcd 21
 * stdout: hanoi 1023
 */
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static long long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
static void hanoi(int n, int from, int to, int via, int *moves) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to, moves);
    (*moves)++;
    hanoi(n - 1, via, to, from, moves);
}

int main(void) {
    printf("fib %d\n", fib(20));
    printf("ack %d\n", ack(2, 3));
    printf("parity %d %d\n", is_even(100), is_odd(77));
    printf("fact %lld\n", fact(20));
    printf("gcd %d\n", gcd(1071, 462));
    int moves = 0;
    hanoi(10, 1, 3, 2, &moves);
    printf("hanoi %d\n", moves);
    return 0;
}
