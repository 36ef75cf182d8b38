/* ravel.h - the verification API of ravel (https://example.invalid/ravel).
 * Shipped inside the ravel binary: `#include <ravel.h>` works with no set-up. */
#ifndef RAVEL_H
#define RAVEL_H

#ifdef __cplusplus
extern "C" {
#endif

/* Cut off executions in which `cond` is false (they are not errors). */
void ravel_assume(int cond);
/* Report an assertion failure when `cond` is false. */
void ravel_assert(int cond);
/* Report that an error location was reached. */
void ravel_reach_error(void);

/* Input values: random (seeded) in `ravel run`, explored in `ravel check`. */
int ravel_nondet_int(void);
unsigned ravel_nondet_uint(void);
long ravel_nondet_long(void);
char ravel_nondet_char(void);
_Bool ravel_nondet_bool(void);
/* Makes `size` bytes at `addr` an input named `name`. */
void ravel_symbolic(void *addr, unsigned long size, const char *name);

/* Code between these two calls runs without interruption by other threads. */
void ravel_atomic_begin(void);
void ravel_atomic_end(void);

/* An epoch of `ravel schedules` starts here (call it while no other thread runs, e.g.
 * between fork-join phases); natively it tells ravel's runtime, elsewhere a no-op. */
void ravel_epoch(void);

/* Returns `x`, made abstract for `ravel schedules`: a value the program's synchronisation
 * does not depend on (keys to sort, prices to compute). Its branches split no paths:
 * the exploration follows it at one value, which makes the schedules smaller and
 * quicker to find, but no verdict is `safe` after it (`ravel check` and `ravel schedules
 * --check` say `unknown` and name the call). Natively it returns `x`; a run under
 * `ravel enforce --schedules` whose synchronisation does depend on it leaves its
 * schedule and is stopped. */
int ravel_abstract_int(int x);
long ravel_abstract_long(long x);

#ifdef __cplusplus
}
#endif
#endif
