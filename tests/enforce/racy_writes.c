#include <pthread.h>
int x, y;
void *t1(void *arg) {
    x = 1;
    y = x + 1;
    return 0;
}
void *t2(void *arg) {
    y = 5;
    x = y * 2;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return x + y;
}
