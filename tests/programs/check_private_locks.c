/* ravel-test
 * each thread locks its own mutex and writes its own variable: one class
 * check: safe executions=1
 * check-unfold: safe executions=1
 * check-all: safe executions=1
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER, mb = PTHREAD_MUTEX_INITIALIZER;
int a1, b1;
void *f(void *p) { pthread_mutex_lock(&ma); a1++; pthread_mutex_unlock(&ma); return 0; }
void *g(void *p) { pthread_mutex_lock(&mb); b1++; pthread_mutex_unlock(&mb); return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, g, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
