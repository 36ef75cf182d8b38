/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: round 0 balance 200 destroy 0
 * stdout: round 1 balance 201 destroy 0
 * stdout: round 2 balance 202 destroy 0
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

struct account { pthread_mutex_t lock; int balance; };

static void *deposit(void *arg) {
    struct account *a = arg;
    for (int i = 0; i < 10; i++) {
        pthread_mutex_lock(&a->lock);
        a->balance += 10;
        pthread_mutex_unlock(&a->lock);
    }
    return NULL;
}

int main(void) {
    struct account *a = malloc(sizeof *a);
    for (int round = 0; round < 3; round++) {
        pthread_mutex_init(&a->lock, NULL);
        a->balance = round;
        pthread_t t[2];
        for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, deposit, a);
        for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
        printf("round %d balance %d destroy %d\n", round, a->balance, pthread_mutex_destroy(&a->lock));
    }
    free(a);
    return 0;
}
