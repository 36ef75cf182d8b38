/* ravel-test
 * three threads touching disjoint variables: a single class
 * check: safe executions=1
 * check-unfold: safe executions=1
 * check-all: safe executions=1
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
int a, b, c;
void *fa(void *p) { a = 1; a++; return 0; }
void *fb(void *p) { b = 2; return 0; }
void *fc(void *p) { c = a + 0 * b; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, fa, 0);
    pthread_join(t[0], 0);
    pthread_create(&t[1], 0, fb, 0);
    pthread_join(t[1], 0);
    c = a + b;
    assert(c == 4);
    return 0;
}
