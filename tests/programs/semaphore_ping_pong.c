/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: ping 0
 * stdout: pong 0
 * stdout: ping 1
 * stdout: pong 1
 * stdout: ping 2
 * stdout: pong 2
 * stdout: done
 */
#include <stdio.h>
#include <semaphore.h>
#include <pthread.h>

static sem_t ping_turn, pong_turn;

static void *pong(void *arg) {
    (void)arg;
    for (int i = 0; i < 3; i++) {
        sem_wait(&pong_turn);
        printf("pong %d\n", i);
        sem_post(&ping_turn);
    }
    return NULL;
}

int main(void) {
    sem_init(&ping_turn, 0, 1);
    sem_init(&pong_turn, 0, 0);
    pthread_t t;
    pthread_create(&t, NULL, pong, NULL);
    for (int i = 0; i < 3; i++) {
        sem_wait(&ping_turn);
        printf("ping %d\n", i);
        sem_post(&pong_turn);
    }
    pthread_join(t, NULL);
    puts("done");
    return 0;
}
