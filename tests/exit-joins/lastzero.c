/* lastzero (Abdulla et al., POPL 2014) with N = 4: one thread scans for the last zero,
 * thread j sets a[j] = a[j-1] + 1 */
#include <pthread.h>
#define N 4
long a[N + 1];
void *scan(void *p) {
    for (int i = N; i >= 0 && a[i] != 0; i--) {}
    return p;
}
void *inc(void *p) {
    long j = (long)p;
    a[j] = a[j - 1] + 1;
    return 0;
}
int main(void) {
    pthread_t t[N + 1];
    pthread_create(&t[0], 0, scan, 0);
    for (long j = 1; j <= N; j++) pthread_create(&t[j], 0, inc, (void *)j);
#ifdef JOIN
    for (int j = 0; j <= N; j++) pthread_join(t[j], 0);
#endif
    return 0;
}
