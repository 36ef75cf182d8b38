/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: destructor runs 2 sum 42 bad 0
 * stdout: main value 5
 * check: safe
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

static pthread_key_t key;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int destructor_runs;
static int destroyed_sum;

static void destroy(void *p) {
    pthread_mutex_lock(&m);
    destructor_runs++;
    destroyed_sum += *(int *)p;
    pthread_mutex_unlock(&m);
    free(p);
}

static void *worker(void *arg) {
    int id = *(int *)arg;
    if (pthread_getspecific(key) != NULL) return (void *)1;
    int *v = malloc(sizeof *v);
    *v = id * 10;
    pthread_setspecific(key, v);
    *(int *)pthread_getspecific(key) += 1;
    if (id == 2) pthread_setspecific(key, NULL); /* no destructor for this one */
    if (id == 2) free(v);
    return NULL;
}

int main(void) {
    pthread_key_create(&key, destroy);
    pthread_t t[3];
    int ids[3] = { 1, 2, 3 };
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, &ids[i]);
    void *r;
    int bad = 0;
    for (int i = 0; i < 3; i++) { pthread_join(t[i], &r); if (r) bad++; }
    printf("destructor runs %d sum %d bad %d\n", destructor_runs, destroyed_sum, bad);
    int local = 5;
    pthread_setspecific(key, &local);
    printf("main value %d\n", *(int *)pthread_getspecific(key));
    pthread_setspecific(key, NULL);
    pthread_key_delete(key);
    return 0;
}
