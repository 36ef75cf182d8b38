/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: 200 200000000000000 200 200
 * stdout: exchange old 5
 * stdout: cas 0 expected 11 x 11
 * stdout: sub_fetch 10 fetch_or 10 and_fetch 26
 * stdout: generic 26 77
 * stdout: test_and_set 0 1 0
 */
#include <stdio.h>
#include <stdbool.h>
#include <pthread.h>

static int counter;
static unsigned long long big;
static int tickets;
static short small;

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 100; i++) {
        __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
        __atomic_add_fetch(&big, 1000000000000ULL, __ATOMIC_RELAXED);
        __atomic_fetch_add(&small, 1, __ATOMIC_ACQ_REL);
        int cur = __atomic_load_n(&tickets, __ATOMIC_ACQUIRE);
        while (!__atomic_compare_exchange_n(&tickets, &cur, cur + 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) { }
    }
    return NULL;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    printf("%d %llu %d %d\n", __atomic_load_n(&counter, __ATOMIC_SEQ_CST), big, tickets, small);
    int x = 5;
    printf("exchange old %d\n", __atomic_exchange_n(&x, 9, __ATOMIC_SEQ_CST));
    __atomic_store_n(&x, 11, __ATOMIC_RELEASE);
    int expected = 10;
    bool ok = __atomic_compare_exchange_n(&x, &expected, 12, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
    printf("cas %d expected %d x %d\n", ok, expected, x);
    int r1 = __atomic_sub_fetch(&x, 1, __ATOMIC_SEQ_CST);
    int r2 = __atomic_fetch_or(&x, 0x30, __ATOMIC_SEQ_CST);
    int r3 = __atomic_and_fetch(&x, 0x1F, __ATOMIC_SEQ_CST);
    printf("sub_fetch %d fetch_or %d and_fetch %d\n", r1, r2, r3);
    int y;
    __atomic_load(&x, &y, __ATOMIC_SEQ_CST);
    int z = 77;
    __atomic_store(&x, &z, __ATOMIC_SEQ_CST);
    printf("generic %d %d\n", y, x);
    static bool tas;
    bool first = __atomic_test_and_set(&tas, __ATOMIC_SEQ_CST);
    bool second = __atomic_test_and_set(&tas, __ATOMIC_SEQ_CST);
    __atomic_clear(&tas, __ATOMIC_SEQ_CST);
    printf("test_and_set %d %d %d\n", first, second, tas);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return 0;
}
