/* ravel-test
 * main creates threads forever; each passes the address of its own local to an atomic
 * compare-and-swap that claims a flag, and only the claimer may touch the token. Copies
 * of a thread for the accelerated count get their own stack object at the same offset
 * (pointers into it are moved), so the states engine proves it for any number of threads.
 * check-flags: --no-deadlocks
 * check-states: safe
 */
#include <pthread.h>
extern void reach_error(void);
int flag, token;
void __VERIFIER_atomic_cas(int *v, int expected, int desired, int *ok) {
    if (*v == expected) {
        *v = desired;
        *ok = 1;
    } else {
        *ok = 0;
    }
}
void *worker(void *arg) {
    int ok;
    __VERIFIER_atomic_cas(&flag, 0, 1, &ok);
    if (ok) {
        token++;
        if (token != 1)
            reach_error();
        token--;
    }
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}
