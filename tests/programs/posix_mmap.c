/* ravel-test
 * run: ok
 * stdout: zeroed 1 sum 4950
 * stdout: munmap 0
 */
#include <stdio.h>
#include <sys/mman.h>

int main(void) {
    size_t len = 10000;
    int *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 1;
    int zero = p[0] == 0 && p[len / sizeof(int) - 1] == 0;
    long sum = 0;
    for (int i = 0; i < 100; i++) p[i] = i;
    for (int i = 0; i < 100; i++) sum += p[i];
    printf("zeroed %d sum %ld\n", zero, sum);
    printf("munmap %d\n", munmap(p, len));
    return 0;
}
