/* ravel-test
 * run: error double-free
 * seeds: 5
 */
#include <stdlib.h>
#include <pthread.h>

static void *cleanup(void *arg) {
    free(arg);
    return NULL;
}

int main(void) {
    char *p = malloc(64);
    pthread_t t;
    pthread_create(&t, NULL, cleanup, p);
    pthread_join(t, NULL);
    free(p); /* already freed by the thread */
    return 0;
}
