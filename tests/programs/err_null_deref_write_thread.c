/* ravel-test
 * run: error null-dereference
 * seeds: 5
 */
#include <stddef.h>
#include <pthread.h>

static void *writer(void *arg) {
    int **slot = arg;
    **slot = 42; /* *slot is NULL */
    return NULL;
}

int main(void) {
    int *target = NULL;
    pthread_t t;
    pthread_create(&t, NULL, writer, &target);
    pthread_join(t, NULL);
    return 0;
}
