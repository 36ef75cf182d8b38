/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: self equals self 1
 * stdout: thread 0 sees itself 1
 * stdout: thread 1 sees itself 1
 * stdout: threads differ 0
 * stdout: workers are not main 0 0
 */
#include <stdio.h>
#include <pthread.h>

static pthread_t main_id;
static pthread_t seen_self[2];
static int equal_main[2];

static void *worker(void *arg) {
    int i = *(int *)arg;
    seen_self[i] = pthread_self();
    equal_main[i] = pthread_equal(pthread_self(), main_id) != 0;
    return NULL;
}

int main(void) {
    main_id = pthread_self();
    printf("self equals self %d\n", pthread_equal(pthread_self(), main_id) != 0);
    pthread_t t[2];
    int ids[2] = { 0, 1 };
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    printf("thread 0 sees itself %d\n", pthread_equal(seen_self[0], t[0]) != 0);
    printf("thread 1 sees itself %d\n", pthread_equal(seen_self[1], t[1]) != 0);
    printf("threads differ %d\n", pthread_equal(t[0], t[1]) != 0);
    printf("workers are not main %d %d\n", equal_main[0], equal_main[1]);
    return 0;
}
