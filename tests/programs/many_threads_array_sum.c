/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: total 40015 matches 1
 * check: safe
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#define THREADS 8
#define LEN 800

struct slice { const int *data; int len; long sum; };

static void *sum_slice(void *arg) {
    struct slice *s = arg;
    s->sum = 0;
    for (int i = 0; i < s->len; i++) s->sum += s->data[i];
    return s;
}

int main(void) {
    int *data = malloc(LEN * sizeof *data);
    for (int i = 0; i < LEN; i++) data[i] = (i * 37) % 101;
    struct slice *slices = calloc(THREADS, sizeof *slices);
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) {
        slices[i].data = data + i * (LEN / THREADS);
        slices[i].len = LEN / THREADS;
        pthread_create(&t[i], NULL, sum_slice, &slices[i]);
    }
    long total = 0;
    for (int i = 0; i < THREADS; i++) {
        void *r;
        pthread_join(t[i], &r);
        total += ((struct slice *)r)->sum;
    }
    long check = 0;
    for (int i = 0; i < LEN; i++) check += data[i];
    printf("total %ld matches %d\n", total, total == check);
    free(slices);
    free(data);
    return 0;
}
