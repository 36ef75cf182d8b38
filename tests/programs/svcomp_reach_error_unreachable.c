/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: x 7
 */
#include <stdio.h>
#include <pthread.h>

void reach_error(void);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *add(void *arg) {
    int k = *(int *)arg;
    pthread_mutex_lock(&m);
    x += k;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    int ka = 2, kb = 5;
    pthread_create(&a, NULL, add, &ka);
    pthread_create(&b, NULL, add, &kb);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    if (x != 7) reach_error();
    printf("x %d\n", x);
    return 0;
}
