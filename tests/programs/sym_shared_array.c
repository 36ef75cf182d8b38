/* ravel-test
 * A symbolic value stored in a shared array at a concrete index, under a mutex. 2 lock
 * orders: the reader first sees 0 (concrete, 1 path); the reader second sees the symbolic
 * value and splits on r > 0 (2 paths). buf[0] == mine is always true: 1 + 2 = 3.
 * (Indices 0 and 2 are in different 8-byte words.)
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int buf[4];
int mine, pos;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *producer(void *p) {
    int v = __VERIFIER_nondet_int();
    mine = v;
    pthread_mutex_lock(&m);
    buf[0] = v;
    pthread_mutex_unlock(&m);
    return 0;
}
void *reader(void *p) {
    pthread_mutex_lock(&m);
    int r = buf[0];
    buf[2] = r + 1;
    pthread_mutex_unlock(&m);
    if (r > 0) pos = 1;
    else pos = 2;
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, producer, 0);
    pthread_create(&t[1], 0, reader, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(buf[0] == mine);
    return 0;
}
