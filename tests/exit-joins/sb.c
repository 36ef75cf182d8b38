/* store buffering: two writers that each read the other's variable */
#include <pthread.h>
int x, y, a, b;
void *t1(void *p) { x = 1; a = y; return p; }
void *t2(void *p) { y = 1; b = x; return p; }
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
