/* ravel-test
 * run: error deadlock
 * check: unsafe deadlock
 */
#include <pthread.h>
#include <unistd.h>

/* main waits for a byte nobody sends; the write end stays open, so the read blocks for
 * ever while the helper waits in join... for main's pipe: every thread is blocked. */
static int fds[2];

static void *helper(void *arg) {
    (void)arg;
    char c;
    read(fds[0], &c, 1);
    return NULL;
}

int main(void) {
    pipe(fds);
    pthread_t t;
    pthread_create(&t, NULL, helper, NULL);
    char c;
    read(fds[0], &c, 1);
    pthread_join(t, NULL);
    return 0;
}
