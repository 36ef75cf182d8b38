/* ravel-test
 * run: error use-after-free
 */
#include <stdio.h>
#include <sys/mman.h>

/* Natively this crashes (SIGSEGV): the pages are gone. */
int main(void) {
    char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    p[0] = 1;
    munmap(p, 4096);
    return p[0];
}
