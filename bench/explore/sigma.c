/* sigma: the "sigma" family of the SV-COMP pthread tasks (also used by GenMC and Nidhugg),
 * rewritten here as a correct program. Main publishes an index i before it creates thread
 * i; each thread reads the index (some value in i..N-1, whatever main has published by
 * then) and increments that array slot with an atomic RMW, so no increment is lost.
 * Classes (SC, every shared access a scheduling point): thread i's read has N-i places
 * among main's later stores, and the k RMWs on a slot have k! orders; summed over all
 * read choices that is (2N-1)!! (derived by hand: 3, 15 at N=2, 3; checked with the
 * sleep-set baseline): N=5: 945, 6: 10,395, 7: 135,135 (GenMC's figure), 8: 2,027,025.
 * Slots are long by default: ravel tracks conflicts per 8-byte word, so with int slots
 * (-DSLOT=int) neighbouring slots conflict too and the baseline explores more (1,330 at
 * N=5, 58,240 at N=6 instead of 945 and 10,395). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 5
#endif
#ifndef SLOT
#define SLOT long
#endif
atomic_int idx;
_Atomic SLOT array[N];
static void *worker(void *arg) {
    atomic_fetch_add(&array[atomic_load(&idx)], 1);
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        atomic_store(&idx, i);
        pthread_create(&t[i], 0, worker, 0);
    }
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    SLOT sum = 0;
    for (int i = 0; i < N; i++) sum += array[i];
    assert(sum == N);
    return 0;
}
