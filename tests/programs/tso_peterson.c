/* ravel-test
 * Peterson's lock without a fence: under TSO both threads' entry stores can wait in their
 * buffers while each reads the other's flag as 0, and both enter.
 * check-all: safe
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 * clang: -DFENCE=
 */
#include "tso_peterson_fence.c"
