/* ravel-test
 * main creates threads in an endless loop; a thread that is not the third to arrive
 * assumes false (an execution where it goes on is not one the program's verification
 * considers, as `abort()` under SV-COMP's properties), so the assertion fails only when
 * the first two arrivals are preempted between their unlock and that assumption. dpor's
 * first round (at most 4 threads) finds it: there a thread about to create a fifth waits
 * while the others go on. Cutting the whole execution at that creation left the three
 * threads no room to meet, and the last round, 1000 threads deep, never came back up to
 * them (unknown after 30 s).
 * check: unsafe
 */
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_assume(int);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int arrived;

static void *arrive(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    int mine = ++arrived;
    pthread_mutex_unlock(&lock);
    if (mine != 3)
        __VERIFIER_assume(0);
    assert(!"the third arrival ran before the first two gave up");
    return NULL;
}

int main(void) {
    pthread_t t;
    for (;;)
        pthread_create(&t, NULL, arrive, NULL);
}
