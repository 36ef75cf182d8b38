/* ravel-test
 * a function hands the address of its local to a new thread and returns: the thread's
 * write lands in a dead frame (stack-use-after-return).
 * check: unsafe data-race
 * check-all: unsafe use-after-free
 */
#include <pthread.h>
void *worker(void *p) {
    *(int *)p = 5;
    return 0;
}
pthread_t start(void) {
    pthread_t t;
    int local = 0;
    pthread_create(&t, 0, worker, &local);
    return t;
}
int main(void) {
    pthread_t t = start();
    pthread_join(t, 0);
    return 0;
}
