/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: unlocked: tryrdlock ok trywrlock ok
 * stdout: read-locked: tryrdlock ok trywrlock EBUSY
 * stdout: write-locked: tryrdlock EBUSY trywrlock EBUSY
 * stdout: main tryrdlock 0
 * stdout: main second rdlock 0
 * stdout: main trywrlock 0
 * stdout: destroy 0
 * check: safe
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int rd_result, wr_result;

static void *try_both(void *arg) {
    (void)arg;
    rd_result = pthread_rwlock_tryrdlock(&rw);
    if (rd_result == 0) pthread_rwlock_unlock(&rw);
    wr_result = pthread_rwlock_trywrlock(&rw);
    if (wr_result == 0) pthread_rwlock_unlock(&rw);
    return NULL;
}

static void probe(const char *when) {
    pthread_t t;
    pthread_create(&t, NULL, try_both, NULL);
    pthread_join(t, NULL);
    printf("%s: tryrdlock %s trywrlock %s\n", when,
           rd_result == 0 ? "ok" : rd_result == EBUSY ? "EBUSY" : "other",
           wr_result == 0 ? "ok" : wr_result == EBUSY ? "EBUSY" : "other");
}

int main(void) {
    probe("unlocked");
    pthread_rwlock_rdlock(&rw);
    probe("read-locked");
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_wrlock(&rw);
    probe("write-locked");
    pthread_rwlock_unlock(&rw);
    printf("main tryrdlock %d\n", pthread_rwlock_tryrdlock(&rw));
    printf("main second rdlock %d\n", pthread_rwlock_rdlock(&rw));
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_unlock(&rw);
    printf("main trywrlock %d\n", pthread_rwlock_trywrlock(&rw));
    pthread_rwlock_unlock(&rw);
    printf("destroy %d\n", pthread_rwlock_destroy(&rw));
    return 0;
}
