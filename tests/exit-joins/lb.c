/* load buffering: each thread reads one variable, then writes the other */
#include <pthread.h>
int x, y, a, b;
void *t1(void *p) { a = x; y = 1; return p; }
void *t2(void *p) { b = y; x = 1; return p; }
int main(void) {
    pthread_t p, q;
    pthread_create(&p, 0, t1, 0);
    pthread_create(&q, 0, t2, 0);
#ifdef JOIN
    pthread_join(p, 0);
    pthread_join(q, 0);
#endif
    return 0;
}
