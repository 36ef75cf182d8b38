/* ravel-test
 * run: ok
 * stdout: total area 61
 * stdout: 10 100 bee
 * stdout: mid 6 7
 * stdout: float bits 3f800000
 * stdout: pi 3.14159
 * stdout: little endian 1
 * stdout: bitfields 1 17 -3 abcde
 * stdout: grid 23 10 11
 * stdout: compound 0 7 8
 * stdout: sizes 8 24 4
 */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

struct point { int x, y; };
struct rect { struct point lo, hi; char name[8]; };
union bits { float f; uint32_t u; unsigned char b[4]; };
struct flags { unsigned a : 3; unsigned b : 5; signed c : 4; unsigned d : 20; };

static int area(struct rect r) { return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y); }
static struct point mid(const struct rect *r) {
    struct point p = { (r->lo.x + r->hi.x) / 2, (r->lo.y + r->hi.y) / 2 };
    return p;
}

int main(void) {
    struct rect rs[3] = {
        { {0, 0}, {4, 3}, "a" },
        { .hi = {10, 10}, .lo = {2, 4}, .name = "bee" },
        { {1, 1}, {2, 2}, "c" },
    };
    int total = 0;
    for (int i = 0; i < 3; i++) total += area(rs[i]);
    printf("total area %d\n", total);
    struct rect copy = rs[1];
    copy.hi.x = 100;
    printf("%d %d %s\n", rs[1].hi.x, copy.hi.x, copy.name);
    struct point m = mid(&rs[1]);
    printf("mid %d %d\n", m.x, m.y);
    union bits ub;
    ub.f = 1.0f;
    printf("float bits %08x\n", ub.u);
    ub.u = 0x40490fdbu;
    printf("pi %.5f\n", ub.f);
    ub.u = 0x01020304u;
    printf("little endian %d\n", ub.b[0] == 4);
    struct flags fl = { 5, 17, -3, 0xABCDE };
    fl.a += 4;
    printf("bitfields %u %u %d %x\n", fl.a, fl.b, fl.c, fl.d);
    int grid[3][4];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) grid[i][j] = i * 10 + j;
    printf("grid %d %d %d\n", grid[2][3], grid[1][0], *(&grid[0][0] + 5));
    struct point ps[2];
    memset(ps, 0, sizeof ps);
    ps[1] = (struct point){ 7, 8 };
    printf("compound %d %d %d\n", ps[0].x, ps[1].x, ps[1].y);
    printf("sizes %zu %zu %zu\n", sizeof(struct point), sizeof(struct rect), sizeof(union bits));
    return 0;
}
