/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: counter 400
 * stdout: cas 800
 * stdout: wide 3435973836800
 * stdout: max 28 winners 1
 * stdout: failed cas 0 expected now 400
 * stdout: fetch_sub 400 fetch_or 300 fetch_and 508 fetch_xor 60
 * stdout: final 195 lock free 1
 */
#include <stdio.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <pthread.h>

static atomic_int counter;
static atomic_long cas_counter;
static atomic_int max_seen;
static _Atomic unsigned long long wide;
static atomic_bool flag;
static atomic_int winners;

static void update_max(int v) {
    int cur = atomic_load_explicit(&max_seen, memory_order_relaxed);
    while (cur < v && !atomic_compare_exchange_weak(&max_seen, &cur, v)) { }
}

static void *worker(void *arg) {
    int id = *(int *)arg;
    for (int i = 0; i < 100; i++) {
        atomic_fetch_add(&counter, 1);
        atomic_fetch_add_explicit(&wide, 1ULL << 33, memory_order_relaxed);
        long old = atomic_load(&cas_counter);
        while (!atomic_compare_exchange_strong(&cas_counter, &old, old + 2)) { }
    }
    update_max(id * 7);
    if (!atomic_exchange(&flag, true)) atomic_fetch_add(&winners, 1);
    return NULL;
}

int main(void) {
    atomic_init(&counter, 0);
    atomic_store_explicit(&cas_counter, 0, memory_order_release);
    pthread_t t[4];
    int ids[4] = { 3, 1, 4, 2 };
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("counter %d\n", atomic_load(&counter));
    printf("cas %ld\n", atomic_load_explicit(&cas_counter, memory_order_acquire));
    printf("wide %llu\n", (unsigned long long)atomic_load(&wide));
    printf("max %d winners %d\n", atomic_load(&max_seen), atomic_load(&winners));
    int expected = 5;
    bool ok = atomic_compare_exchange_strong(&counter, &expected, 6);
    printf("failed cas %d expected now %d\n", ok, expected);
    int r1 = atomic_fetch_sub(&counter, 100);
    int r2 = atomic_fetch_or(&counter, 0xF0);
    int r3 = atomic_fetch_and(&counter, 0x3C);
    int r4 = atomic_fetch_xor(&counter, 0xFF);
    printf("fetch_sub %d fetch_or %d fetch_and %d fetch_xor %d\n", r1, r2, r3, r4);
    printf("final %d lock free %d\n", atomic_load(&counter), atomic_is_lock_free(&counter));
    return 0;
}
