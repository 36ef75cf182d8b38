/* ravel-test
 * run: ok
 * stdout: hello 5 x
 * stdout: hello, world 12
 * stdout: 0 0 2
 * stdout: abcd
 * stdout: cmp -1 0 1
 * stdout: ncmp 0 -1
 * stdout: high 1
 * stdout: chr 2 rchr 6
 * stdout: chr nul 11 missing 1
 * stdout: str 5 1 1
 * stdout: str empty 1
 * stdout: memmove fwd 1 2 1 2 3 6
 * stdout: memmove back 2 3 6
 * stdout: aabcdegh
 * stdout: memcmp 1 0
 * stdout: memcpy 2 2
 * stdout: memset -1
 * stdout: Duplicate me 12
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void) {
    char buf[32];
    memset(buf, 'x', sizeof buf);
    strcpy(buf, "hello");
    printf("%s %zu %c\n", buf, strlen(buf), buf[6]);
    strcat(buf, ", world");
    printf("%s %zu\n", buf, strlen(buf));
    char pad[8];
    strncpy(pad, "ab", sizeof pad);
    printf("%d %d %d\n", pad[2], pad[7], (int)strlen(pad));
    char trunc[4];
    strncpy(trunc, "abcdef", 4);
    printf("%c%c%c%c\n", trunc[0], trunc[1], trunc[2], trunc[3]);
    printf("cmp %d %d %d\n", sign(strcmp("abc", "abd")), sign(strcmp("abc", "abc")), sign(strcmp("b", "abc")));
    printf("ncmp %d %d\n", sign(strncmp("abcdef", "abcxyz", 3)), sign(strncmp("abcdef", "abcxyz", 4)));
    printf("high %d\n", sign(strcmp("\xff", "a")));
    const char *s = "mississippi";
    printf("chr %d rchr %d\n", (int)(strchr(s, 's') - s), (int)(strrchr(s, 's') - s));
    printf("chr nul %d missing %d\n", (int)(strchr(s, '\0') - s), strchr(s, 'z') == NULL);
    printf("str %d %d %d\n", (int)(strstr(s, "ssip") - s), strstr(s, "sip") != NULL, strstr(s, "spi") == NULL);
    printf("str empty %d\n", strstr(s, "") == s);
    int nums[6] = { 1, 2, 3, 4, 5, 6 };
    memmove(nums + 2, nums, 3 * sizeof(int));
    printf("memmove fwd %d %d %d %d %d %d\n", nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]);
    memmove(nums, nums + 3, 3 * sizeof(int));
    printf("memmove back %d %d %d\n", nums[0], nums[1], nums[2]);
    char a[] = "abcdefgh";
    memmove(a + 1, a, 5);
    printf("%s\n", a);
    unsigned char x[4] = { 1, 2, 3, 200 }, y[4] = { 1, 2, 3, 100 };
    printf("memcmp %d %d\n", sign(memcmp(x, y, 4)), memcmp(x, y, 3));
    int arr[4];
    memcpy(arr, nums, sizeof arr);
    printf("memcpy %d %d\n", arr[0], arr[3]);
    memset(arr, 0xFF, sizeof arr);
    printf("memset %d\n", arr[2]);
    char *d = strdup("duplicate me");
    d[0] = 'D';
    printf("%s %zu\n", d, strlen(d));
    free(d);
    return 0;
}
