/* ravel-test
 * flags: --time discrete
 * run: ok
 * check: unknown
 * report: check --time discrete
 * native: real timing decides; on a loaded machine the watchdog can fire first
 */
/* time_discrete_timeout_late.c with the job handed over at once (usleep(0) ends at
 * once). Under discrete time the watchdog's 100 us sleep ends only when no other thread
 * can run, so the worker always finishes first: the assertion holds in every execution
 * explored, yet the verdict is unknown (real timing could let the watchdog fire first;
 * `--time any` finds that). */
#define HANDOFF_DELAY_US 0
#include "time_discrete_timeout_late.c"
