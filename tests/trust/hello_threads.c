#include <pthread.h>
#include <stdio.h>
void *hello(void *a) { return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, hello, 0);
    pthread_join(t, 0);
    printf("hello from the program\n");
    return 0;
}
