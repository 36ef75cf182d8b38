/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: default joinable 1
 * stdout: now detached 1
 * stdout: create 0
 * stdout: work 42
 * stdout: join 0
 */
#include <stdio.h>
#include <pthread.h>
#include <semaphore.h>

static sem_t done;
static int work;

static void *worker(void *arg) {
    work = *(int *)arg * 3;
    sem_post(&done);
    return NULL;
}

int main(void) {
    pthread_attr_t attr;
    int state;
    pthread_attr_init(&attr);
    pthread_attr_getdetachstate(&attr, &state);
    printf("default joinable %d\n", state == PTHREAD_CREATE_JOINABLE);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_getdetachstate(&attr, &state);
    printf("now detached %d\n", state == PTHREAD_CREATE_DETACHED);
    sem_init(&done, 0, 0);
    pthread_t t;
    int arg = 14;
    printf("create %d\n", pthread_create(&t, &attr, worker, &arg));
    pthread_attr_destroy(&attr);
    sem_wait(&done);
    printf("work %d\n", work);
    pthread_attr_t j;
    pthread_attr_init(&j);
    pthread_attr_setdetachstate(&j, PTHREAD_CREATE_JOINABLE);
    pthread_create(&t, &j, worker, &arg);
    pthread_attr_destroy(&j);
    printf("join %d\n", pthread_join(t, NULL));
    sem_wait(&done);
    return 0;
}
