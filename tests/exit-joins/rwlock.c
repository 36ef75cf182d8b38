/* two readers and a writer of one value under a read-write lock */
#include <pthread.h>
pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
int value, seen[2];
void *reader(void *p) {
    long i = (long)p;
    pthread_rwlock_rdlock(&l);
    seen[i] = value;
    pthread_rwlock_unlock(&l);
    return 0;
}
void *writer(void *p) {
    pthread_rwlock_wrlock(&l);
    value = 1;
    pthread_rwlock_unlock(&l);
    return p;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, reader, (void *)0);
    pthread_create(&t[1], 0, reader, (void *)1);
    pthread_create(&t[2], 0, writer, 0);
#ifdef JOIN
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
#endif
    return 0;
}
