/* ravel-test
 * unsynchronised increments: a data race, and under `all` a lost update
 * check: unsafe data-race
 * check-all: unsafe data-race
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
