/* ravel-test
 * run: ok
 * clang: -m32
 * stdout: long 4
 * stdout: void* 4
 * stdout: long long 8
 * stdout: size_t 4 ptrdiff_t 4 intptr_t 4
 * stdout: int 4 short 2 char 1
 * stdout: double 8 float 4
 * stdout: fnptr 4
 * stdout: long max 2147483647 min -2147483648
 */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

int main(void) {
    printf("long %zu\n", sizeof(long));
    printf("void* %zu\n", sizeof(void *));
    printf("long long %zu\n", sizeof(long long));
    printf("size_t %zu ptrdiff_t %zu intptr_t %zu\n", sizeof(size_t), sizeof(ptrdiff_t), sizeof(intptr_t));
    printf("int %zu short %zu char %zu\n", sizeof(int), sizeof(short), sizeof(char));
    printf("double %zu float %zu\n", sizeof(double), sizeof(float));
    printf("fnptr %zu\n", sizeof(int (*)(void)));
    printf("long max %ld min %ld\n", (long)0x7fffffff, -(long)0x7fffffff - 1);
    return sizeof(long) == 4 ? 0 : 1;
}
