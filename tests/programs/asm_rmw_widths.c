/* ravel-test
 * x86 atomic read-modify-write assembly on 8-, 16- and 64-bit operands (suffixed and
 * unsuffixed), immediates, `sete`/`setne` into a byte in memory, and `=@cc` flags.
 * run: ok
 * stdout: b old 7 now 9 xchg 9 now 200 cas 200 now 1
 * stdout: w 65535 0 zero 1
 * stdout: q old 4294967296 now 4294967299 cas 0 4294967299 now 5
 * stdout: dec nonzero 1 then 0 negative 1 sub 10
 * stdout: bits 12 3 9
 */
#include <stdio.h>
static unsigned char cas8(unsigned char *p, unsigned char old, unsigned char new) {
    unsigned char prev;
    __asm__ __volatile__("lock; cmpxchgb %2,%1" : "=a"(prev), "+m"(*p) : "q"(new), "0"(old) : "memory");
    return prev;
}
static unsigned char xchg8(unsigned char *p, unsigned char v) {
    __asm__ __volatile__("xchg %0, %1" : "+q"(v), "+m"(*p));
    return v;
}
static unsigned char xadd8(unsigned char *p, unsigned char v) {
    __asm__ __volatile__("lock; xaddb %0, %1" : "+q"(v), "+m"(*p));
    return v;
}
static long xadd64(long *p, long v) {
    __asm__ __volatile__("lock; xaddq %0, %1" : "+r"(v), "+m"(*p) : : "memory");
    return v;
}
static int cas64(long *p, long *old, long new) {
    unsigned char ok;
    __asm__ __volatile__("lock; cmpxchgq %3, %1; sete %0" : "=q"(ok), "+m"(*p), "+a"(*old) : "r"(new) : "memory");
    return ok;
}
static int dec_nonzero(int *p) {
    unsigned char ret;
    __asm__ __volatile__("lock decl %0\n"
                         "setne %1\n"
                         : "+m"(*p), "=qm"(ret)
                         :
                         : "memory");
    return ret;
}
static int add_negative(int *p, int v) {
    _Bool neg;
    __asm__ __volatile__("lock; addl %2, %0" : "+m"(*p), "=@ccs"(neg) : "ir"(v) : "memory");
    return neg;
}
int main(void) {
    unsigned char b = 7;
    unsigned char o1 = xadd8(&b, 2), n1 = b, o2 = xchg8(&b, 200), n2 = b;
    unsigned char o3 = cas8(&b, 200, 1);
    printf("b old %d now %d xchg %d now %d cas %d now %d\n", o1, n1, o2, n2, o3, b);
    unsigned short w = 65535;
    unsigned char z;
    __asm__ __volatile__("lock; incw %0; setz %1" : "+m"(w), "=q"(z));
    printf("w 65535 %d zero %d\n", w, z);
    long q = 1L << 32, expected = 1;
    long oq = xadd64(&q, 3);
    int ok = cas64(&q, &expected, 5);
    printf("q old %ld now %ld cas %d %ld", oq, q, ok, expected);
    ok = cas64(&q, &expected, 5);
    printf(" now %ld\n", q);
    int c = 2, first = dec_nonzero(&c), second = dec_nonzero(&c);
    int neg = add_negative(&c, -1), s = 13;
    __asm__ __volatile__("lock; subl $3, %0" : "+m"(s));
    printf("dec nonzero %d then %d negative %d sub %d\n", first, second, neg, s);
    int x = 15, y = 1, v = 12;
    __asm__ __volatile__("lock; andl %1, %0" : "+m"(x) : "r"(v));
    __asm__ __volatile__("lock; orl $2, %0" : "+m"(y));
    __asm__ __volatile__("lock; xorl $0x5, %0" : "+m"(v));
    printf("bits %d %d %d\n", x, y, v);
    return ok ? 0 : 1;
}
