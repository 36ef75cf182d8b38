/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: main calls pthread_exit
 * stdout: worker runs after main left
 */
#include <stdio.h>
#include <pthread.h>
#include <semaphore.h>

static sem_t go;

static void *worker(void *arg) {
    (void)arg;
    sem_wait(&go);
    puts("worker runs after main left");
    return NULL;
}

int main(void) {
    sem_init(&go, 0, 0);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    puts("main calls pthread_exit");
    sem_post(&go);
    pthread_exit(NULL); /* process lives on until the worker finishes; status 0 */
}
