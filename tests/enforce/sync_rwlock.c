/* Two threads read and write under a read-write lock, and count under a spinlock. */
#include <pthread.h>
pthread_rwlock_t rw;
pthread_spinlock_t spin;
int value, spins;
void *use(void *arg) {
    int seen = 0, tries = 0;
    for (int i = 0; i < 3; i++) {
        pthread_rwlock_rdlock(&rw);
        seen += value;
        /* No writer can hold the lock while this thread reads: the try succeeds. */
        tries += pthread_rwlock_tryrdlock(&rw) == 0;
        pthread_rwlock_unlock(&rw);
        pthread_rwlock_unlock(&rw);
        pthread_rwlock_wrlock(&rw);
        value++;
        pthread_rwlock_unlock(&rw);
        pthread_spin_lock(&spin);
        spins++;
        pthread_spin_unlock(&spin);
    }
    return (void *)(long)(seen + tries);
}
int main(void) {
    pthread_t a, b;
    pthread_rwlock_init(&rw, 0);
    pthread_spin_init(&spin, 0);
    pthread_create(&a, 0, use, 0);
    pthread_create(&b, 0, use, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_rwlock_destroy(&rw);
    return value == 6 && spins == 6 ? 0 : 1;
}
