/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: unlock unlocked is EPERM 1
 * stdout: lock 0
 * stdout: relock is EDEADLK 1
 * stdout: trylock by owner is EBUSY 1
 * stdout: unlock by non-owner is EPERM 1
 * stdout: unlock by owner 0
 * stdout: second unlock is EPERM 1
 * stdout: destroy 0
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m;
static int foreign_unlock;

static void *intruder(void *arg) {
    (void)arg;
    foreign_unlock = pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &attr);
    pthread_mutexattr_destroy(&attr);
    printf("unlock unlocked is EPERM %d\n", pthread_mutex_unlock(&m) == EPERM);
    printf("lock %d\n", pthread_mutex_lock(&m));
    printf("relock is EDEADLK %d\n", pthread_mutex_lock(&m) == EDEADLK);
    printf("trylock by owner is EBUSY %d\n", pthread_mutex_trylock(&m) == EBUSY);
    pthread_t t;
    pthread_create(&t, NULL, intruder, NULL);
    pthread_join(t, NULL);
    printf("unlock by non-owner is EPERM %d\n", foreign_unlock == EPERM);
    printf("unlock by owner %d\n", pthread_mutex_unlock(&m));
    printf("second unlock is EPERM %d\n", pthread_mutex_unlock(&m) == EPERM);
    printf("destroy %d\n", pthread_mutex_destroy(&m));
    return 0;
}
