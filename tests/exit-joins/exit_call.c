/* main ends with exit() instead of returning */
#include <pthread.h>
#include <stdlib.h>
int x, r;
void *t1(void *p) { x = 1; return p; }
void *t2(void *p) { r = x; return p; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
#ifdef JOIN
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    exit(0);
}
