/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: init calls 1
 * stdout: sums 140 140 140 140
 * stdout: init calls 2
 * check: safe
 */
#include <stdio.h>
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_once_t once2 = PTHREAD_ONCE_INIT;
static int init_calls;
static int table[8];
static int sums[4];

static void init_table(void) {
    init_calls++;
    for (int i = 0; i < 8; i++) table[i] = i * i;
}

static void *user(void *arg) {
    int id = *(int *)arg;
    pthread_once(&once, init_table);
    int s = 0;
    for (int i = 0; i < 8; i++) s += table[i];
    sums[id] = s;
    return NULL;
}

int main(void) {
    pthread_t t[4];
    int ids[4] = { 0, 1, 2, 3 };
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, user, &ids[i]);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("init calls %d\n", init_calls);
    printf("sums %d %d %d %d\n", sums[0], sums[1], sums[2], sums[3]);
    pthread_once(&once, init_table);
    pthread_once(&once2, init_table);
    printf("init calls %d\n", init_calls);
    return 0;
}
