/* A test-and-set spinlock (C11 atomic_flag) around two increments in each of two
 * threads, and an assertion on the total after the joins: correct. The spinning
 * test-and-set is what used to leave it unknown at the depth limit by default (issue 44);
 * the states engine proves it at once. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_flag lock = ATOMIC_FLAG_INIT;
static int counter;

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        while (atomic_flag_test_and_set(&lock))
            ;
        counter++;
        atomic_flag_clear(&lock);
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 4);
    return 0;
}
