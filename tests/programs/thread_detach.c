/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: detach rc 0
 * stdout: result 5050
 * stdout: self-detached thread signalled
 */
#include <stdio.h>
#include <pthread.h>
#include <semaphore.h>

static sem_t done;
static int result;

static void *worker(void *arg) {
    int n = *(int *)arg;
    int s = 0;
    for (int i = 1; i <= n; i++) s += i;
    result = s;
    sem_post(&done);
    return NULL;
}

static void *self_detacher(void *arg) {
    (void)arg;
    pthread_detach(pthread_self());
    sem_post(&done);
    return NULL;
}

int main(void) {
    sem_init(&done, 0, 0);
    pthread_t t;
    int n = 100;
    pthread_create(&t, NULL, worker, &n);
    int rc = pthread_detach(t);
    printf("detach rc %d\n", rc);
    sem_wait(&done);
    printf("result %d\n", result);
    pthread_t u;
    pthread_create(&u, NULL, self_detacher, NULL);
    sem_wait(&done);
    puts("self-detached thread signalled");
    return 0;
}
