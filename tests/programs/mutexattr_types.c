/* ravel-test
 * run: ok
 * stdout: default is normal or default 1
 * stdout: normal: lock 0 trylock EBUSY destroy 0
 * stdout: recursive: lock 0 trylock ok destroy 0
 * stdout: errorcheck: lock 0 trylock EBUSY destroy 0
 * stdout: invalid type rejected 1
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static const char *name(int type) {
    switch (type) {
    case PTHREAD_MUTEX_NORMAL: return "normal";
    case PTHREAD_MUTEX_RECURSIVE: return "recursive";
    case PTHREAD_MUTEX_ERRORCHECK: return "errorcheck";
    default: return "?";
    }
}

int main(void) {
    pthread_mutexattr_t a;
    int type;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_gettype(&a, &type);
    printf("default is %s or default %d\n", name(type), type == PTHREAD_MUTEX_DEFAULT);
    int types[3] = { PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK };
    for (int i = 0; i < 3; i++) {
        pthread_mutexattr_settype(&a, types[i]);
        pthread_mutexattr_gettype(&a, &type);
        pthread_mutex_t m;
        pthread_mutex_init(&m, &a);
        int r1 = pthread_mutex_lock(&m);
        int r2 = pthread_mutex_trylock(&m);
        if (r2 == 0) pthread_mutex_unlock(&m);
        pthread_mutex_unlock(&m);
        printf("%s: lock %d trylock %s destroy %d\n", name(type), r1,
               r2 == 0 ? "ok" : r2 == EBUSY ? "EBUSY" : "other", pthread_mutex_destroy(&m));
    }
    printf("invalid type rejected %d\n", pthread_mutexattr_settype(&a, 12345) == EINVAL);
    pthread_mutexattr_destroy(&a);
    return 0;
}
