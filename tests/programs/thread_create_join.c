/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: partial 0 = 31125
 * stdout: partial 1 = 93625
 * stdout: partial 2 = 156125
 * stdout: partial 3 = 218625
 * stdout: total = 499500
 */
#include <stdio.h>
#include <pthread.h>

#define N 4
static long long partial[N];

struct job { int id; int from; int to; };

static void *worker(void *arg) {
    struct job *j = arg;
    long long s = 0;
    for (int i = j->from; i < j->to; i++) s += i;
    partial[j->id] = s;
    return NULL;
}

int main(void) {
    pthread_t t[N];
    struct job jobs[N];
    for (int i = 0; i < N; i++) {
        jobs[i] = (struct job){ i, i * 250, (i + 1) * 250 };
        if (pthread_create(&t[i], NULL, worker, &jobs[i]) != 0) return 1;
    }
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    long long total = 0;
    for (int i = 0; i < N; i++) {
        printf("partial %d = %lld\n", i, partial[i]);
        total += partial[i];
    }
    printf("total = %lld\n", total);
    return 0;
}
