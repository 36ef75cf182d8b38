/* A command server: main reads a command and NFLAGS option flags (which only change the
 * amount moved), then NTHREADS workers apply the command to two accounts under their
 * locks while an auditor checks the total. Command 5 (a refund) takes the two locks in
 * the other order: against the auditor some orders deadlock, others do not. So the one
 * order per path that `ravel schedules` follows first fails for the refund's paths, and
 * every order is explored again for those inputs only (command 5 with each flag
 * combination), not for the other commands' paths. */
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef NFLAGS
#define NFLAGS 4
#endif

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int cmd, flags[NFLAGS], balance_a = 1000, balance_b = 1000, audits_ok;

static int amount(void) {
    int x = 1;
    for (int k = 0; k < NFLAGS; k++)
        if (flags[k])
            x += 1 << k;
    return x;
}

static void move(int amt) {
    if (cmd < 4) {
        balance_a -= amt;
        balance_b += amt;
    } else if (cmd == 4) {
        balance_a += amt;
        balance_b -= amt;
    } else {
        balance_b -= amt / 2;
        balance_a += amt / 2;
    }
}

void *worker(void *arg) {
    (void)arg;
    int amt = amount();
    if (cmd == 5) {
        pthread_mutex_lock(&b);
        pthread_mutex_lock(&a);
    } else {
        pthread_mutex_lock(&a);
        pthread_mutex_lock(&b);
    }
    move(amt);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return 0;
}

void *auditor(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    audits_ok = balance_a + balance_b == 2000;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return 0;
}

int main(void) {
    cmd = __VERIFIER_nondet_int();
    if (cmd < 0 || cmd > 7)
        cmd = 0;
    for (int k = 0; k < NFLAGS; k++)
        flags[k] = __VERIFIER_nondet_int() != 0;
    pthread_t w[NTHREADS], au;
    pthread_create(&au, 0, auditor, 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&w[i], 0, worker, 0);
    pthread_join(au, 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(w[i], 0);
    assert(audits_ok && balance_a + balance_b == 2000);
    return 0;
}
