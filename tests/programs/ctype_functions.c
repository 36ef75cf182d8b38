/* ravel-test
 * run: ok
 * stdout: 10 2 3 2 2
 * stdout: HELLO, WORLD 42!
 * stdout: q7 1 0
 * stdout: 0 0
 */
#include <stdio.h>
#include <ctype.h>

int main(void) {
    const char *s = "Hello, World 42!\t";
    int alpha = 0, digit = 0, space = 0, upper = 0, punct = 0;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalpha(c)) alpha++;
        if (isdigit(c)) digit++;
        if (isspace(c)) space++;
        if (isupper(c)) upper++;
        if (ispunct(c)) punct++;
    }
    printf("%d %d %d %d %d\n", alpha, digit, space, upper, punct);
    char out[32];
    int i = 0;
    for (const char *p = s; *p; p++) out[i++] = (char)toupper((unsigned char)*p);
    out[i - 1] = '\0';
    printf("%s\n", out);
    printf("%c%c %d %d\n", tolower('Q'), tolower('7'), isxdigit('f') != 0, isxdigit('g') != 0);
    printf("%d %d\n", isalnum('_') != 0, isprint('\n') != 0);
    return 0;
}
