#include <pthread.h>
#include <stdlib.h>
int *published[2];
void *make(void *arg) {
    long id = (long)arg;
    int *scratch = malloc(4 * sizeof(int));
    int *p = malloc(2 * sizeof(int));
    scratch[0] = 1;
    p[0] = (int)id;
    p[1] = (int)id * 2;
    free(scratch);
    published[id] = p;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, make, (void *)0);
    pthread_create(&b, 0, make, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int s = published[0][1] + published[1][0] + published[1][1];
    free(published[0]);
    free(published[1]);
    return s == 3 ? 0 : 1;
}
