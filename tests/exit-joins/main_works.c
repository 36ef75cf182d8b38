/* main keeps writing what the threads read after creating them */
#include <pthread.h>
int x, y, r1, r2;
void *t1(void *p) { r1 = x; return p; }
void *t2(void *p) { r2 = y; x = 2; return p; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    x = 1;
    y = 1;
#ifdef JOIN
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    return 0;
}
