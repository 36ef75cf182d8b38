/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: handler ran in the worker: 1, times 1
 * check: safe executions=1
 */
/* A signal sent to another thread while that thread blocks it stays pending for that
 * thread, and its handler runs there when the thread unblocks it. The semaphores make
 * main send only while the worker blocks the signal, and the worker unblock only after
 * it was sent. Natively checked (the same line). */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>

static pthread_t worker_id;
static volatile sig_atomic_t in_worker, times;
static sem_t blocked, sent;

static void handler(int sig) {
    (void)sig;
    in_worker = pthread_equal(pthread_self(), worker_id);
    times++;
}

static void *worker(void *arg) {
    (void)arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    sem_post(&blocked);
    sem_wait(&sent);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return NULL;
}

int main(void) {
    signal(SIGUSR1, handler);
    sem_init(&blocked, 0, 0);
    sem_init(&sent, 0, 0);
    pthread_create(&worker_id, NULL, worker, NULL);
    sem_wait(&blocked);
    pthread_kill(worker_id, SIGUSR1);
    sem_post(&sent);
    pthread_join(worker_id, NULL);
    printf("handler ran in the worker: %d, times %d\n", in_worker, times);
    return 0;
}
