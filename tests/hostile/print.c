// Prints 100 MB: the output must stream through, not pile up in ravel's memory.
#include <stdio.h>

int main(void) {
    static char line[1024];
    for (int i = 0; i < 1023; i++)
        line[i] = 'a' + i % 26;
    for (long i = 0; i < 100000; i++)
        fputs(line, stdout);
    return 0;
}
