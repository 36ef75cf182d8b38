/* ravel-test
 * the same lost update found as an assertion when races are not reported
 * check-all: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
int c;
void *w(void *p) { c++; return 0; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(c == 2);
    return 0;
}
