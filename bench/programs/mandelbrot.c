/* Floating point without libm: Mandelbrot set escape counts on a grid,
 * checksum over iteration counts and a few sampled doubles. */
#include <stdio.h>

/* Keep a*b+c as separate fmul/fadd: otherwise clang emits llvm.fmuladd,
 * whose rounding (fused or not) may differ between native code and an
 * interpreter, and which lli -force-interpreter cannot execute at all. */
#pragma STDC FP_CONTRACT OFF

#define W 400
#define H 300
#define MAX_ITER 200

int main(void) {
    unsigned long long total = 0;
    unsigned check = 0;
    int inside = 0;
    double sample = 0.0;
    for (int py = 0; py < H; py++) {
        double ci = -1.2 + 2.4 * py / (double)H;
        for (int px = 0; px < W; px++) {
            double cr = -2.2 + 3.2 * px / (double)W;
            double zr = 0.0, zi = 0.0;
            int it = 0;
            while (it < MAX_ITER) {
                double zr2 = zr * zr, zi2 = zi * zi;
                if (zr2 + zi2 > 4.0)
                    break;
                zi = 2.0 * zr * zi + ci;
                zr = zr2 - zi2 + cr;
                it++;
            }
            if (it == MAX_ITER)
                inside++;
            total += (unsigned long long)it;
            check = check * 33u + (unsigned)it;
            if (px == py)
                sample += zr * 0.5 + zi * 0.25;
        }
    }
    printf("inside=%d total_iter=%llu sample=%.6f\n", inside, total, sample);
    printf("checksum %08x\n", check);
    return 0;
}
