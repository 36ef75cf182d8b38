/* ravel-test
 * 2 threads increment a counter under one mutex: 2! orders of the critical sections
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) { pthread_mutex_lock(&m); c++; pthread_mutex_unlock(&m); return 0; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(c == 2);
    return 0;
}
