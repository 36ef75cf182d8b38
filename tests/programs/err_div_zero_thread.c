/* ravel-test
 * run: error division-by-zero
 * seeds: 5
 */
#include <pthread.h>

static int divisor = 4;
static int quotient;

static void *shrink(void *arg) {
    (void)arg;
    divisor -= 4;
    return NULL;
}

static void *divide(void *arg) {
    quotient = *(int *)arg / divisor;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    int x = 100;
    pthread_create(&a, NULL, shrink, NULL);
    pthread_join(a, NULL);
    pthread_create(&b, NULL, divide, &x);
    pthread_join(b, NULL);
    return quotient;
}
