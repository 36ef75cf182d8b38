/* ravel-test
 * run: error assertion-failure
 * seeds: 5
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int total;

static void *add(void *arg) {
    pthread_mutex_lock(&m);
    total += *(int *)arg;
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *checker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int seen = total;
    pthread_mutex_unlock(&m);
    assert(seen == 100); /* the two adders contribute only 30 in total */
    return NULL;
}

int main(void) {
    pthread_t a, b, c;
    int x = 10, y = 20;
    pthread_create(&a, NULL, add, &x);
    pthread_create(&b, NULL, add, &y);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_create(&c, NULL, checker, NULL);
    pthread_join(c, NULL);
    return 0;
}
