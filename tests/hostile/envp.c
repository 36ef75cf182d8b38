// main's third parameter is the environment: a NULL-terminated array of "NAME=value".
#include <assert.h>
#include <string.h>

int main(int argc, char **argv, char **envp) {
    assert(argc >= 1 && argv[0] != 0);
    assert(envp != 0);
    int n = 0;
    while (envp[n]) {
        assert(strchr(envp[n], '=') != 0);
        n++;
    }
    return 0;
}
