/* ravel-test
 * run: ok
 * stdout: puts adds a newline
 * stdout: pc
 * stdout: fprintf 1 stdout
 * stdout: fputs no newline
 * stdout: !
 * stdout: snprintf 22 [truncated-strin] 15
 * stdout: measure 7
 * stdout: sprintf 8 [007:q:ff]
 * stdout: tiny 3 []
 * stdout: fwrite
 * stdout: 
 * stdout: end
 */
#include <stdio.h>
#include <string.h>

int main(void) {
    puts("puts adds a newline");
    putchar('p'); putchar('c'); putchar('\n');
    fprintf(stdout, "fprintf %d %s\n", 1, "stdout");
    fputs("fputs no newline", stdout);
    fputc('\n', stdout);
    putc('!', stdout);
    putchar('\n');
    char buf[16];
    int n = snprintf(buf, sizeof buf, "%s-%d", "truncated-string", 12345);
    printf("snprintf %d [%s] %zu\n", n, buf, strlen(buf));
    n = snprintf(NULL, 0, "%d", 1000000);
    printf("measure %d\n", n);
    char big[64];
    n = sprintf(big, "%03d:%c:%x", 7, 'q', 255);
    printf("sprintf %d [%s]\n", n, big);
    volatile size_t one = 1;
    n = snprintf(buf, one, "abc");
    printf("tiny %d [%s]\n", n, buf);
    fwrite("fwrite\n", 1, 7, stdout);
    fprintf(stderr, "this goes to stderr\n");
    fflush(stdout);
    puts("");
    puts("end");
    return 0;
}
