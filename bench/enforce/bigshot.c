/* One thread allocates a buffer, the other fills it after the first is joined. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
char *v;
void *alloc(void *arg) {
    v = malloc(8);
    return 0;
}
void *fill(void *arg) {
    const char *s = "Bigshot";
    for (int k = 0; k < 8; k++)
        v[k] = s[k];
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, alloc, 0);
    pthread_join(a, 0);
    pthread_create(&b, 0, fill, 0);
    pthread_join(b, 0);
    assert(v[0] == 'B');
    free(v);
    return 0;
}
