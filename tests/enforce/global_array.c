#include <pthread.h>
int slots[8];
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *fill(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < 4; i++)
        slots[id * 4 + i] = (int)id + 1;
    pthread_mutex_lock(&m);
    total += (int)id + 1;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, fill, (void *)0);
    pthread_create(&b, 0, fill, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int s = 0;
    for (int i = 0; i < 8; i++)
        s += slots[i];
    return s == 12 && total == 3 ? 0 : 1;
}
