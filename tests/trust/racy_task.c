#include <pthread.h>
extern void reach_error(void);
int x;
void *w(void *a) { x = sizeof(long); return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    if (x == 4) reach_error();
    pthread_join(t, 0);
    return 0;
}
