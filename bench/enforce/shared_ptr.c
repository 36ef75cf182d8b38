/* A reference-counted object shared by two threads; the last owner frees it. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
struct obj { atomic_int refs; int value; };
struct obj *shared;
void release(struct obj *o) {
    if (atomic_fetch_sub(&o->refs, 1) == 1)
        free(o);
}
void *user(void *arg) {
    struct obj *o = shared;
    assert(o->value == 42);
    release(o);
    return 0;
}
int main(void) {
    shared = malloc(sizeof *shared);
    atomic_init(&shared->refs, 3);
    shared->value = 42;
    pthread_t a, b;
    pthread_create(&a, 0, user, 0);
    pthread_create(&b, 0, user, 0);
    release(shared);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
