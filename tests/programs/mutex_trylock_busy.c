/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: while held: busy 1 ok 0
 * stdout: after unlock: busy 1 ok 1
 * stdout: own trylock 0
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int attempts_busy, attempts_ok;

static void *try_it(void *arg) {
    (void)arg;
    int rc = pthread_mutex_trylock(&m);
    if (rc == EBUSY) attempts_busy++;
    else if (rc == 0) { attempts_ok++; pthread_mutex_unlock(&m); }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, try_it, NULL);
    pthread_join(t, NULL);
    pthread_mutex_unlock(&m);
    printf("while held: busy %d ok %d\n", attempts_busy, attempts_ok);
    pthread_create(&t, NULL, try_it, NULL);
    pthread_join(t, NULL);
    printf("after unlock: busy %d ok %d\n", attempts_busy, attempts_ok);
    printf("own trylock %d\n", pthread_mutex_trylock(&m));
    pthread_mutex_unlock(&m);
    return 0;
}
