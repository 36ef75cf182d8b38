/* ravel-test
 * run: ok
 * check: safe executions=1
 */
/* The rand48 family gives glibc's sequences (the expected values come from a native run). */
#include <assert.h>
#include <stdlib.h>

int main(void) {
    assert(lrand48() == 0); /* unseeded: the state starts at 0 */
    srand48(12345);
    assert(drand48() == 0.22532851279629895);
    assert(lrand48() == 1973930609);
    assert(mrand48() == 888376418);
    unsigned short x[3] = {1, 2, 3};
    assert(erand48(x) == 0.44199632268870914);
    assert(nrand48(x) == 565063343);
    assert(jrand48(x) == -1485464893);
    assert(x[0] == 7666 && x[1] == 39619 && x[2] == 42869);
    unsigned short s[3] = {7, 8, 9};
    unsigned short *old = seed48(s);
    assert(old[0] == 10787 && old[1] == 35938 && old[2] == 13555);
    assert(lrand48() == 145925617);
    unsigned short p[7] = {1, 2, 3, 5, 0, 0, 7};
    lcong48(p);
    assert(lrand48() == 491525 && lrand48() == 2457625);
    srand48(-1);
    assert(mrand48() == 1288600687);
    return 0;
}
