/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: all assertions held
 */
#include <stdio.h>
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

int main(void) {
    pthread_t a, b;
    int x = 10, y = 20;
    pthread_create(&a, NULL, add, &x);
    pthread_create(&b, NULL, add, &y);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(total == 30);
    assert(total > 0 && "positive");
    unsigned u = 0;
    assert(u - 1 > u);
    puts("all assertions held");
    return 0;
}
