/* fib_bench with N = 2: i += j and j += i twice each; main checks the bound meanwhile */
#include <assert.h>
#include <pthread.h>
int i = 1, j = 1;
void *t1(void *p) { for (int k = 0; k < 2; k++) i += j; return p; }
void *t2(void *p) { for (int k = 0; k < 2; k++) j += i; return p; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    int ci = i <= 8, cj = j <= 8;
    assert(ci && cj);
#ifdef JOIN
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    return 0;
}
