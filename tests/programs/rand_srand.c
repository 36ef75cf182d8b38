/* ravel-test
 * run: ok
 * stdout: in range 1
 * stdout: reproducible 1
 * stdout: not constant 1
 * stdout: dice ok 1
 * stdout: RAND_MAX at least 32767: 1
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    srand(12345);
    int first[20];
    int in_range = 1;
    for (int i = 0; i < 20; i++) {
        first[i] = rand();
        if (first[i] < 0 || first[i] > RAND_MAX) in_range = 0;
    }
    srand(12345);
    int same = 1;
    for (int i = 0; i < 20; i++)
        if (rand() != first[i]) same = 0;
    int distinct = 0;
    for (int i = 1; i < 20; i++)
        if (first[i] != first[0]) distinct = 1;
    int dice_ok = 1;
    for (int i = 0; i < 1000; i++) {
        int d = rand() % 6 + 1;
        if (d < 1 || d > 6) dice_ok = 0;
    }
    printf("in range %d\n", in_range);
    printf("reproducible %d\n", same);
    printf("not constant %d\n", distinct);
    printf("dice ok %d\n", dice_ok);
    printf("RAND_MAX at least 32767: %d\n", RAND_MAX >= 32767);
    return 0;
}
