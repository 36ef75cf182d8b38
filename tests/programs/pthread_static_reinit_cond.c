/* ravel-test
 * run: error pthread-misuse
 * check: unsafe pthread-misuse
 * report: check
 */
/* A condition variable initialised by its declaration and again by pthread_cond_init
 * (memcached 1.5.19's lru_crawler_cond), declared over two lines. */
#include <pthread.h>

static pthread_cond_t crawler_cond =
    PTHREAD_COND_INITIALIZER;

int main(void) {
    if (pthread_cond_init(&crawler_cond, NULL) != 0)
        return 1;
    return 0;
}
