/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: 300 900 1500 600
 * stdout: fetch_and_sub 10 now 7
 * stdout: val_cas 7 now 70
 * stdout: val_cas miss 70 now 70
 * stdout: bool_cas miss 0
 * stdout: or 70 and 71 xor 67 now 76
 */
#include <stdio.h>
#include <pthread.h>

static int counter;
static long long big_counter;
static volatile int spin;
static int protected_value;
static int cas_target;

static void lock(void) { while (__sync_lock_test_and_set(&spin, 1)) { } }
static void unlock(void) { __sync_lock_release(&spin); }

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 100; i++) {
        __sync_fetch_and_add(&counter, 1);
        __sync_add_and_fetch(&big_counter, 3);
        int old;
        do { old = __sync_fetch_and_add(&cas_target, 0); } while (!__sync_bool_compare_and_swap(&cas_target, old, old + 5));
        lock();
        protected_value += 2;
        unlock();
    }
    return NULL;
}

int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    printf("%d %lld %d %d\n", counter, big_counter, cas_target, protected_value);
    int v = 10;
    int r = __sync_fetch_and_sub(&v, 3);
    printf("fetch_and_sub %d now %d\n", r, v);
    r = __sync_val_compare_and_swap(&v, 7, 70);
    printf("val_cas %d now %d\n", r, v);
    r = __sync_val_compare_and_swap(&v, 7, 700);
    printf("val_cas miss %d now %d\n", r, v);
    printf("bool_cas miss %d\n", __sync_bool_compare_and_swap(&v, 1, 2));
    int o = __sync_fetch_and_or(&v, 1);
    int a = __sync_fetch_and_and(&v, 0x43);
    int x = __sync_fetch_and_xor(&v, 0xF);
    printf("or %d and %d xor %d now %d\n", o, a, x, v);
    __sync_synchronize();
    return 0;
}
