/* a Treiber stack: two threads push a node each with compare-and-swap, one pops */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
struct node { struct node *next; int v; };
struct node nodes[2];
_Atomic(struct node *) top;
void *push(void *p) {
    struct node *n = &nodes[(long)p];
    struct node *old = atomic_load(&top);
    do n->next = old; while (!atomic_compare_exchange_weak(&top, &old, n));
    return 0;
}
void *pop(void *p) {
    struct node *old = atomic_load(&top);
    while (old && !atomic_compare_exchange_weak(&top, &old, old->next)) {}
    return p;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, push, (void *)0);
    pthread_create(&t[1], 0, push, (void *)1);
    pthread_create(&t[2], 0, pop, 0);
#ifdef JOIN
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
#endif
    return 0;
}
