#include <pthread.h>
int depth[4];
void *leaf(void *arg) {
    depth[(long)arg] += 1;
    return 0;
}
void *middle(void *arg) {
    pthread_t t;
    pthread_create(&t, 0, leaf, arg);
    pthread_join(t, 0);
    depth[(long)arg] += 10;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, middle, (void *)1);
    pthread_create(&b, 0, middle, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return depth[1] + depth[2] - 22;
}
