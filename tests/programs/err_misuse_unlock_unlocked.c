/* ravel-test
 * run: error pthread-misuse
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

int main(void) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&m); /* nobody holds it */
    return 0;
}
