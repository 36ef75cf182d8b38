/* independent reads of independent writes: two writers, two readers of both */
#include <pthread.h>
int x, y, r1, r2, r3, r4;
void *w1(void *p) { x = 1; return p; }
void *w2(void *p) { y = 1; return p; }
void *rd1(void *p) { r1 = x; r2 = y; return p; }
void *rd2(void *p) { r3 = y; r4 = x; return p; }
int main(void) {
    pthread_t t[4];
    void *(*f[4])(void *) = {w1, w2, rd1, rd2};
    for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, f[i], 0);
#ifdef JOIN
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
#endif
    return 0;
}
