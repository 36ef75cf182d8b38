/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: data 80 20 bad reads 0
 */
#include <stdio.h>
#include <pthread.h>

static pthread_rwlock_t rw;
static int data[2]; /* invariant: data[0] + data[1] == 100 */
static int bad_reads;
static pthread_mutex_t stats = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *arg) {
    (void)arg;
    for (int i = 0; i < 20; i++) {
        pthread_rwlock_wrlock(&rw);
        data[0] += 1;
        data[1] -= 1;
        pthread_rwlock_unlock(&rw);
    }
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    for (int i = 0; i < 20; i++) {
        pthread_rwlock_rdlock(&rw);
        int s = data[0] + data[1];
        pthread_rwlock_unlock(&rw);
        if (s != 100) {
            pthread_mutex_lock(&stats);
            bad_reads++;
            pthread_mutex_unlock(&stats);
        }
    }
    return NULL;
}

int main(void) {
    pthread_rwlockattr_t a;
    pthread_rwlockattr_init(&a);
    pthread_rwlock_init(&rw, &a);
    pthread_rwlockattr_destroy(&a);
    data[0] = 40;
    data[1] = 60;
    pthread_t w[2], r[3];
    for (int i = 0; i < 3; i++) pthread_create(&r[i], NULL, reader, NULL);
    for (int i = 0; i < 2; i++) pthread_create(&w[i], NULL, writer, NULL);
    for (int i = 0; i < 2; i++) pthread_join(w[i], NULL);
    for (int i = 0; i < 3; i++) pthread_join(r[i], NULL);
    printf("data %d %d bad reads %d\n", data[0], data[1], bad_reads);
    pthread_rwlock_destroy(&rw);
    return 0;
}
