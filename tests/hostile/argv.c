/* Prints its arguments, each in brackets, and the macro TAG (a clang flag) if defined. */
#include <stdio.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);
#ifdef TAG
    printf(" TAG");
#endif
    printf("\n");
    return 0;
}
