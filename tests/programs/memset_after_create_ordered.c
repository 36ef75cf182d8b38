/* ravel-test
 * run: ok
 * exit: 1
 * check: safe executions=2
 */
/* memset_init_order_race.c in the fixed order (memcached 1.5.21 clears the statistics
 * before starting the logger), with its memcpy under the lock: no race, and memset and
 * memcpy of shared memory leave the verdict exact (safe). */
#define FIXED_ORDER
#include "memset_init_order_race.c"
