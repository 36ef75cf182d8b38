// Includes a FIFO the test never writes to: clang blocks reading it, so the compilation
// lasts until ravel stops it (--timeout, SIGTERM).
#include "fifo"

int main(void) { return 0; }
