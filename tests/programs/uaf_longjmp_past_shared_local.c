/* ravel-test
 * a function lends its local to a worker, then longjmps back past its own frame before
 * joining: the worker's write may land in the dead frame (stack-use-after-return).
 * check-all: unsafe use-after-free
 */
#include <pthread.h>
#include <setjmp.h>
static jmp_buf back;
static void *worker(void *p) {
    *(int *)p = 1;
    return 0;
}
static pthread_t t;
static void lend(void) {
    int slot = 0;
    pthread_create(&t, 0, worker, &slot);
    longjmp(back, 1);
}
int main(void) {
    if (setjmp(back) == 0)
        lend();
    pthread_join(t, 0);
    return 0;
}
