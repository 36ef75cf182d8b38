/* ravel-test
 * run: ok
 * stdout: value 2
 * stdout: destroy unlocked 0
 * stdout: trylock 0 then EBUSY 1
 * stdout: destroy 0
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t rec;
static int value;

static void set(int v) {
    pthread_mutex_lock(&rec);
    value = v;
    pthread_mutex_unlock(&rec);
}

static void update(void) {
    pthread_mutex_lock(&rec);
    set(value + 1); /* fine: the mutex is recursive */
    pthread_mutex_unlock(&rec);
}

int main(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rec, &a);
    update();
    update();
    printf("value %d\n", value);
    printf("destroy unlocked %d\n", pthread_mutex_destroy(&rec));
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    int rc = pthread_mutex_trylock(&m);
    int rc2 = pthread_mutex_trylock(&m); /* trylock never blocks, even on a normal mutex */
    pthread_mutex_unlock(&m);
    printf("trylock %d then EBUSY %d\n", rc, rc2 == EBUSY);
    printf("destroy %d\n", pthread_mutex_destroy(&m));
    pthread_mutexattr_destroy(&a);
    return 0;
}
