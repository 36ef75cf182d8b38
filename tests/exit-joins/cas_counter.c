/* two threads add to a counter with a compare-and-swap loop */
#include <pthread.h>
#include <stdatomic.h>
atomic_int counter;
void *add(void *p) {
    int old = atomic_load(&counter);
    while (!atomic_compare_exchange_weak(&counter, &old, old + 1)) {}
    return p;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
#ifdef JOIN
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    return 0;
}
