/* ravel-test
 * Message passing of a symbolic value: data is written, then the flag; the reader reads data
 * only after seeing the flag. 2 classes: flag read before the store (1 path, data not read);
 * after (data == 3 splits: 2 paths). 1 + 2 = 3.
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
int data, hit;
atomic_int flag;
void *w(void *p) { data = __VERIFIER_nondet_int(); atomic_store(&flag, 1); return 0; }
void *r(void *p) {
    if (atomic_load(&flag)) {
        int v = data;
        if (v == 3) hit = 1;
        else hit = 2;
    }
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}
