/* ravel-test
 * await loop on an atomic flag: the spin is detected and the exploration ends
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int flag;
int data;
void *w(void *p) { data = 5; atomic_store(&flag, 1); return 0; }
void *r(void *p) { while (!atomic_load(&flag)) ; assert(data == 5); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
