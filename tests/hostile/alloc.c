// Allocates and fills 4 GB in 1 MB blocks, never freeing: --max-memory must stop the run
// with verdict unknown instead of an abort.
#include <stdlib.h>
#include <string.h>

int main(void) {
    for (int i = 0; i < 4096; i++) {
        char *p = malloc(1 << 20);
        if (!p)
            return 1;
        memset(p, i, 1 << 20);
    }
    return 0;
}
