/* ravel-test
 * run: error pthread-misuse
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int value;

static void set(int v) {
    pthread_mutex_lock(&m);
    value = v;
    pthread_mutex_unlock(&m);
}

static void update(void) {
    pthread_mutex_lock(&m);
    set(value + 1); /* relocks the non-recursive mutex this thread already holds */
    pthread_mutex_unlock(&m);
}

int main(void) {
    update();
    return value;
}
