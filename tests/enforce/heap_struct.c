#include <pthread.h>
#include <stdlib.h>
struct pair { int left; int right; long sum; };
struct pair *shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *left(void *arg) {
    shared->left = 3;
    pthread_mutex_lock(&m);
    shared->sum += 3;
    pthread_mutex_unlock(&m);
    return 0;
}
void *right(void *arg) {
    shared->right = 4;
    pthread_mutex_lock(&m);
    shared->sum += 4;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    shared = malloc(sizeof *shared);
    shared->left = shared->right = 0;
    shared->sum = 0;
    pthread_t a, b;
    pthread_create(&a, 0, left, 0);
    pthread_create(&b, 0, right, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int ok = shared->sum == 7 && shared->left + shared->right == 7;
    free(shared);
    return !ok;
}
