/* ravel-test
 * message passing with a wrong expectation: the reader may see the flag before... no: it may see neither
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int data, flag;
int seen;
void *w(void *p) { atomic_store(&data, 1); atomic_store(&flag, 1); return 0; }
void *r(void *p) { seen = atomic_load(&flag); return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, w, 0);
    pthread_create(&t2, 0, r, 0);
    pthread_join(t2, 0);
    assert(seen == 1);
    pthread_join(t1, 0);
    return 0;
}
