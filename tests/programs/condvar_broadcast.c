/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: all 4 waiting, released 0
 * stdout: released 4
 */
#include <stdio.h>
#include <pthread.h>

#define N 4
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go_cv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t waiting_cv = PTHREAD_COND_INITIALIZER;
static int go, waiting, released;

static void *runner(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    waiting++;
    pthread_cond_signal(&waiting_cv);
    while (!go) pthread_cond_wait(&go_cv, &m);
    released++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, runner, NULL);
    pthread_mutex_lock(&m);
    while (waiting < N) pthread_cond_wait(&waiting_cv, &m);
    printf("all %d waiting, released %d\n", waiting, released);
    go = 1;
    pthread_cond_broadcast(&go_cv);
    pthread_mutex_unlock(&m);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    printf("released %d\n", released);
    pthread_cond_destroy(&go_cv);
    pthread_cond_destroy(&waiting_cv);
    return 0;
}
