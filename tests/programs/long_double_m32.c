/* ravel-test
 * run: ok
 * stdout: third 3ffdaaaaaaaaaaaaaaab
 * stdout: tenth 3ffbcccccccccccccccd
 * stdout: sum 3fffb333333333333333
 * stdout: prod c03b891087a3ef4c08a8
 * stdout: diff 403eab54a98ceb1f0ad2
 * stdout: sqrt2 3fffb504f333f9de6484
 * stdout: sqrt_denormal 1ff1e4bf1839e031b768
 * stdout: fmod 4000d000000000000000
 * stdout: tie_even 403f8000000000000000
 * stdout: tie_odd 403f8000000000000002
 * stdout: denormal_half 0000000000033193c731
 * stdout: min_over_3 00000000000000000002
 * stdout: overflow 7fff8000000000000000
 * stdout: neg 3ffbcccccccccccccccd
 * stdout: inf_minus_inf ffffc000000000000000
 * stdout: zero_div 7fff8000000000000000
 * stdout: from_double 3ffbccccccccccccd000
 * stdout: from_ull 403effffffffffffffff
 * stdout: from_ll c03e8000000000000000
 * stdout: to_double 0.33333333333333331
 * stdout: to_float 0.333333343
 * stdout: to_ll -12345
 * stdout: to_ull 12345678901234567890
 * stdout: cmp 1 1 0 1
 * stdout: fmt 0.333333 1.235e+19 -0.1 2.7182818284590452354
 * stdout: special inf -inf -nan
 * stdout: round -3 3 -3 -2
 * stdout: misc 0.1 -1 3 7
 * stdout: pi 3 6.283185307179586477 0.75
 * stdout: harmonic 4001a5feff22c89214b4
 * seeds: 1
 * clang: -m32
 */
/* The same checks with i386's data model (long double in 12 bytes). */
#include "long_double.c"
