/* ravel-test
 * each worker keeps its result in a thread-local variable and copies it out before it
 * exits; main reads only the copies after joining: no thread-local storage is used after
 * its thread ended.
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
static __thread int sum;
static int results[2];
static void *worker(void *arg) {
    int id = *(int *)arg;
    for (int i = 0; i <= id; i++)
        sum += i + 1;
    results[id] = sum;
    return 0;
}
int main(void) {
    pthread_t t[2];
    int ids[2] = {0, 1};
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    assert(results[0] == 1 && results[1] == 3);
    return 0;
}
