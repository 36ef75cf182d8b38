/* ravel-test
 * run: ok
 * stdout: size=64
 * stdout: fast
 * stdout: unknown: color=red
 * stdout: size=8
 * stdout: done
 */
/* getsubopt over a comma-separated option list, as memcached parses `-o`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *const tokens[] = {"size", "fast", NULL};
    char list[] = "size=64,fast,color=red,size=8";
    char *opts = list, *value;
    while (*opts) {
        switch (getsubopt(&opts, tokens, &value)) {
        case 0:
            printf("size=%s\n", value);
            break;
        case 1:
            printf("fast%s\n", value ? " with a value" : "");
            break;
        default:
            printf("unknown: %s\n", value);
            break;
        }
    }
    printf("done\n");
    return 0;
}
