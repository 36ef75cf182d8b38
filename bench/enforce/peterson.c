/* Peterson's mutual exclusion, two threads, each enters the critical section once. */
#include <assert.h>
#include <pthread.h>
volatile int flag0, flag1, turn, inside;
void *t0(void *arg) {
    flag0 = 1;
    turn = 1;
    while (flag1 && turn == 1) {}
    inside++;
    assert(inside == 1);
    inside--;
    flag0 = 0;
    return 0;
}
void *t1(void *arg) {
    flag1 = 1;
    turn = 0;
    while (flag0 && turn == 0) {}
    inside++;
    assert(inside == 1);
    inside--;
    flag1 = 0;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t0, 0);
    pthread_create(&b, 0, t1, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
