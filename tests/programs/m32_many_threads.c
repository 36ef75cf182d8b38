/* ravel-test
 * 900 threads alive at once in a 32-bit address space (`-m32`): main creates them all
 * before joining any, each fills a heap block and a 64 KiB stack buffer of its own. 32-bit
 * regions for that many threads must be smaller than the first threads' (see
 * `Memory::region_bounds`); before, the 224th thread's region met main's and the check
 * ended `unknown` (too many threads for a 32-bit address space).
 * clang: -m32
 * run: ok
 * stdout: sum 404550
 * check: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 900 };
static long results[THREADS];

static void *worker(void *arg) {
    long i = (long)arg;
    char buffer[64 * 1024];
    memset(buffer, (int)(i & 0x7f), sizeof buffer);
    long *block = malloc(16 * sizeof(long));
    assert(block != NULL);
    block[15] = i + buffer[sizeof buffer - 1] - (i & 0x7f);
    results[i] = block[15];
    free(block);
    return NULL;
}

int main(void) {
    static pthread_t threads[THREADS];
    for (long i = 0; i < THREADS; i++)
        pthread_create(&threads[i], NULL, worker, (void *)i);
    long sum = 0;
    for (long i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        sum += results[i];
    }
    printf("sum %ld\n", sum);
    return 0;
}
