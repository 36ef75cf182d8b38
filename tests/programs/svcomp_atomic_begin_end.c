/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: a 65 b 35
 */
#include <stdio.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void reach_error(void);

int balance_a = 100, balance_b = 0;

void *mover(void *arg) {
    int amount = *(int *)arg;
    for (int i = 0; i < 5; i++) {
        __VERIFIER_atomic_begin();
        balance_a -= amount;
        balance_b += amount;
        __VERIFIER_atomic_end();
    }
    return NULL;
}

void *auditor(void *arg) {
    (void)arg;
    for (int i = 0; i < 5; i++) {
        __VERIFIER_atomic_begin();
        int total = balance_a + balance_b;
        __VERIFIER_atomic_end();
        if (total != 100) reach_error();
    }
    return NULL;
}

int main(void) {
    pthread_t m1, m2, a;
    int x = 3, y = 4;
    pthread_create(&m1, NULL, mover, &x);
    pthread_create(&m2, NULL, mover, &y);
    pthread_create(&a, NULL, auditor, NULL);
    pthread_join(m1, NULL);
    pthread_join(m2, NULL);
    pthread_join(a, NULL);
    printf("a %d b %d\n", balance_a, balance_b);
    return 0;
}
