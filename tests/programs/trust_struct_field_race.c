/* ravel-test
 * Two threads push into a shared queue without a lock: the race is on the field `count`
 * of the global `q`, and the report names it so.
 * check: unsafe data-race
 * check-all: unsafe data-race
 * report: check
 */
#include <pthread.h>
struct queue {
    int items[4];
    int count;
};
struct queue q;
void *push(void *a) {
    q.items[q.count % 4] = 1;
    q.count++;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, push, 0);
    pthread_create(&b, 0, push, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
