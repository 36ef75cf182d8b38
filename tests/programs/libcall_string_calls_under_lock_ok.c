/* ravel-test
 * string and formatting calls on a shared buffer, each under the lock that guards it:
 * no race, and main sees the buffer either before or after the worker's update.
 * check: safe executions=2
 * check-all: safe
 * check-states-races: unknown
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static char buf[32] = "hello";
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    strcpy(buf, "world!");
    memset(buf + 6, 0, 4);
    pthread_mutex_unlock(&lock);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&lock);
    size_t n = strlen(buf);
    char copy[40];
    snprintf(copy, sizeof copy, "%s", buf);
    int same = strcmp(copy, buf) == 0;
    pthread_mutex_unlock(&lock);
    assert(same && (n == 5 || n == 6));
    pthread_join(t, 0);
    return 0;
}
