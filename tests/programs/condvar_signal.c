/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: payload 42
 * stdout: joined
 */
#include <stdio.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static int payload;
static int ack;

static void *consumer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&cv, &m);
    payload *= 2;
    ack = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, consumer, NULL);
    pthread_mutex_lock(&m);
    payload = 21;
    ready = 1;
    pthread_cond_signal(&cv);
    while (!ack) pthread_cond_wait(&cv, &m);
    printf("payload %d\n", payload);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    puts("joined");
    return 0;
}
