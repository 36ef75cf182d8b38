/* ravel-test
 * a 32-bit program (`-m32`) whose 200th thread allocates 1 MiB: threads past the first
 * 159 get 256 KiB memory regions (so thousands fit in the address space), and an
 * allocation only a larger region would hold ends the execution at a limit, not with a
 * NULL `malloc` or a stack overflow the native program would never see.
 * clang: -m32
 * run: unknown
 * check: unknown
 * report: run
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 200 };

static void *worker(void *arg) {
    long i = (long)arg;
    size_t size = i == THREADS - 1 ? 1 << 20 : 64;
    char *block = malloc(size);
    if (block == NULL)
        abort();
    memset(block, 1, size);
    free(block);
    return NULL;
}

int main(void) {
    static pthread_t threads[THREADS];
    for (long i = 0; i < THREADS; i++)
        pthread_create(&threads[i], NULL, worker, (void *)i);
    for (long i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    return 0;
}
