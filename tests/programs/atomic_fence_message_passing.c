/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: sum 6
 * stdout: data2 99
 */
#include <stdio.h>
#include <stdatomic.h>
#include <pthread.h>

static int data[3];
static atomic_int ready;
static atomic_int ready2;
static int data2;

static void *producer(void *arg) {
    (void)arg;
    data[0] = 1; data[1] = 2; data[2] = 3;
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&ready, 1, memory_order_relaxed);
    data2 = 99;
    atomic_store_explicit(&ready2, 1, memory_order_release);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, producer, NULL);
    while (atomic_load_explicit(&ready, memory_order_relaxed) == 0) { }
    atomic_thread_fence(memory_order_acquire);
    printf("sum %d\n", data[0] + data[1] + data[2]);
    while (!atomic_load_explicit(&ready2, memory_order_acquire)) { }
    printf("data2 %d\n", data2);
    atomic_signal_fence(memory_order_seq_cst);
    pthread_join(t, NULL);
    return 0;
}
