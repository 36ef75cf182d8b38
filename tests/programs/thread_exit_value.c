/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: return 42
 * stdout: pthread_exit 15
 * stdout: heap 123
 * check: safe
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <pthread.h>

static int exit_depth;

/* exits from several frames deep; the frames are never returned to */
static void deep_exit(int depth, intptr_t value) {
    exit_depth = depth;
    if (depth > 0) {
        deep_exit(depth - 1, value + 1);
        exit_depth = -1; /* not reached */
    }
    if (exit_depth == 0) pthread_exit((void *)value);
}

static void *via_return(void *arg) { return (void *)((intptr_t)arg * 2); }
static void *via_exit(void *arg) {
    deep_exit(5, (intptr_t)arg);
    return (void *)-1; /* not reached */
}
static void *via_heap(void *arg) {
    int *r = malloc(sizeof *r);
    *r = *(int *)arg + 100;
    pthread_exit(r);
}

int main(void) {
    pthread_t a, b, c;
    int in = 23;
    pthread_create(&a, NULL, via_return, (void *)21);
    pthread_create(&b, NULL, via_exit, (void *)10);
    pthread_create(&c, NULL, via_heap, &in);
    void *ra, *rb, *rc;
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    pthread_join(c, &rc);
    printf("return %d\n", (int)(intptr_t)ra);
    printf("pthread_exit %d\n", (int)(intptr_t)rb);
    printf("heap %d\n", *(int *)rc);
    free(rc);
    return 0;
}
