/* ravel-test
 * run: ok
 * stdout: waited
 * check: safe executions=1
 */
#include <stdio.h>
#include <time.h>

/* A loop that waits for the clock to move terminates: every read advances it a little. */
int main(void) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (now.tv_sec == start.tv_sec && now.tv_nsec - start.tv_nsec < 100000);
    puts("waited");
    return 0;
}
