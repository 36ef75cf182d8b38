/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: depth 5
 * stdout: lock 0
 * stdout: relock 0
 * stdout: trylock by owner 0
 * stdout: trylock by other is EBUSY 1
 * stdout: unlock 0 0 0
 * stdout: trylock by other after full unlock 0
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m;
static int depth_reached;
static int other_trylock;

static void recurse(int n) {
    pthread_mutex_lock(&m);
    depth_reached++;
    if (n > 0) recurse(n - 1);
    pthread_mutex_unlock(&m);
}

static void *other(void *arg) {
    (void)arg;
    other_trylock = pthread_mutex_trylock(&m);
    if (other_trylock == 0) pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_mutexattr_destroy(&attr);
    recurse(4);
    printf("depth %d\n", depth_reached);
    printf("lock %d\n", pthread_mutex_lock(&m));
    printf("relock %d\n", pthread_mutex_lock(&m));
    printf("trylock by owner %d\n", pthread_mutex_trylock(&m));
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    pthread_join(t, NULL);
    printf("trylock by other is EBUSY %d\n", other_trylock == EBUSY);
    printf("unlock %d %d %d\n", pthread_mutex_unlock(&m), pthread_mutex_unlock(&m), pthread_mutex_unlock(&m));
    pthread_create(&t, NULL, other, NULL);
    pthread_join(t, NULL);
    printf("trylock by other after full unlock %d\n", other_trylock);
    pthread_mutex_destroy(&m);
    return 0;
}
