#include <pthread.h>
int x;
void *work(void *arg) {
    __asm__ volatile("lock; incl %0" : "+m"(x));
    return 0;
}
int main(void) {
    pthread_t a;
    pthread_create(&a, 0, work, 0);
    pthread_join(a, 0);
    return 0;
}
