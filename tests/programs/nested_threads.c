/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: threads in tree 15
 */
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>

/* each thread spawns two children until depth 0; returns the size of its subtree */
static void *spawn(void *arg) {
    intptr_t depth = (intptr_t)arg;
    if (depth == 0) return (void *)1;
    pthread_t l, r;
    pthread_create(&l, NULL, spawn, (void *)(depth - 1));
    pthread_create(&r, NULL, spawn, (void *)(depth - 1));
    void *a, *b;
    pthread_join(l, &a);
    pthread_join(r, &b);
    return (void *)((intptr_t)a + (intptr_t)b + 1);
}

int main(void) {
    pthread_t root;
    pthread_create(&root, NULL, spawn, (void *)3);
    void *n;
    pthread_join(root, &n);
    printf("threads in tree %d\n", (int)(intptr_t)n);
    return 0;
}
