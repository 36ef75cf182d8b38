/* ravel-test
 * run: error pthread-misuse
 */
#include <pthread.h>
#include <stdlib.h>

struct obj { pthread_mutex_t lock; int v; };

int main(void) {
    struct obj *o = malloc(sizeof *o);
    pthread_mutex_init(&o->lock, NULL);
    pthread_mutex_lock(&o->lock);
    o->v = 1;
    pthread_mutex_destroy(&o->lock); /* still locked */
    free(o);
    return 0;
}
