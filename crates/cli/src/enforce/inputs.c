/* Native definitions of ravel's input functions for `ravel enforce build --schedules`:
 * each input comes from the runtime (RAVEL_INPUTS), in the order the program reads it,
 * which is how `ravel schedules` numbered the inputs its constraints are over. */
#include <stddef.h>

unsigned long long ravel_rt_input(unsigned bits);
void ravel_rt_epoch(void);

int __VERIFIER_nondet_int(void) { return (int)ravel_rt_input(32); }
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)ravel_rt_input(32); }
unsigned __VERIFIER_nondet_unsigned(void) { return (unsigned)ravel_rt_input(32); }
unsigned __VERIFIER_nondet_unsigned_int(void) { return (unsigned)ravel_rt_input(32); }
unsigned __VERIFIER_nondet_u32(void) { return (unsigned)ravel_rt_input(32); }
long __VERIFIER_nondet_long(void) { return (long)ravel_rt_input(64); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)ravel_rt_input(64); }
long long __VERIFIER_nondet_longlong(void) { return (long long)ravel_rt_input(64); }
unsigned long long __VERIFIER_nondet_ulonglong(void) { return ravel_rt_input(64); }
size_t __VERIFIER_nondet_size_t(void) { return (size_t)ravel_rt_input(64); }
long __VERIFIER_nondet_loff_t(void) { return (long)ravel_rt_input(64); }
short __VERIFIER_nondet_short(void) { return (short)ravel_rt_input(16); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)ravel_rt_input(16); }
unsigned short __VERIFIER_nondet_u16(void) { return (unsigned short)ravel_rt_input(16); }
char __VERIFIER_nondet_char(void) { return (char)ravel_rt_input(8); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)ravel_rt_input(8); }
unsigned char __VERIFIER_nondet_u8(void) { return (unsigned char)ravel_rt_input(8); }
_Bool __VERIFIER_nondet_bool(void) { return (_Bool)ravel_rt_input(1); }
int ravel_nondet_int(void) { return (int)ravel_rt_input(32); }
unsigned ravel_nondet_uint(void) { return (unsigned)ravel_rt_input(32); }
long ravel_nondet_long(void) { return (long)ravel_rt_input(64); }
char ravel_nondet_char(void) { return (char)ravel_rt_input(8); }
_Bool ravel_nondet_bool(void) { return (_Bool)ravel_rt_input(1); }
int klee_int(const char *name) { (void)name; return (int)ravel_rt_input(32); }

static void fill(void *addr, unsigned long size) {
    for (unsigned long i = 0; i < size; i++) ((unsigned char *)addr)[i] = (unsigned char)ravel_rt_input(8);
}
void ravel_symbolic(void *addr, unsigned long size, const char *name) { (void)name; fill(addr, size); }
void klee_make_symbolic(void *addr, unsigned long size, const char *name) { (void)name; fill(addr, size); }

void ravel_epoch(void) { ravel_rt_epoch(); }

/* Abstract values matter to the analysis only. */
int ravel_abstract_int(int x) { return x; }
long ravel_abstract_long(long x) { return x; }
