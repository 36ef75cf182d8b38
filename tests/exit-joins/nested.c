/* a thread creates and joins a grandchild; both write one variable main never reads */
#include <pthread.h>
int x;
void *grandchild(void *p) { x = 2; return p; }
void *child(void *p) {
    pthread_t g;
    pthread_create(&g, 0, grandchild, 0);
    x = 1;
    pthread_join(g, 0);
    return p;
}
int main(void) {
    pthread_t c;
    pthread_create(&c, 0, child, 0);
    x = 3;
#ifdef JOIN
    pthread_join(c, 0);
#endif
    return 0;
}
