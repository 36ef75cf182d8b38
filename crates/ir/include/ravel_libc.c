/* Parts of libc that ravel implements in C rather than as interpreter models, because
 * they call back into the program (qsort, bsearch) or are plain loops. Linked into the
 * program with `llvm-link --only-needed`, so only what the program uses is added. */
typedef __SIZE_TYPE__ size_t;

static void ravel_swap(unsigned char *a, unsigned char *b, size_t size) {
    for (size_t i = 0; i < size; i++) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

__attribute__((weak)) void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    unsigned char *a = base;
    /* Insertion sort: stable, simple, and enough for the inputs programs under test use. */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            ravel_swap(a + (j - 1) * size, a + j * size, size);
}

__attribute__((weak)) void *bsearch(const void *key, const void *base, size_t n, size_t size,
                                    int (*cmp)(const void *, const void *)) {
    const unsigned char *a = base;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp(key, a + mid * size);
        if (c == 0)
            return (void *)(a + mid * size);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return 0;
}

struct ravel_timespec { long tv_sec; long tv_nsec; };

/* No real time passes in the interpreter: clocks read zero, so timeouts are decided by
 * the scheduler, not by the wall clock. */
__attribute__((weak)) int clock_gettime(int clock, struct ravel_timespec *ts) {
    (void)clock;
    ts->tv_sec = 0;
    ts->tv_nsec = 0;
    return 0;
}

__attribute__((weak)) int gettimeofday(struct ravel_timespec *tv, void *tz) {
    (void)tz;
    tv->tv_sec = 0;
    tv->tv_nsec = 0;
    return 0;
}

__attribute__((weak)) size_t strspn(const char *s, const char *accept) {
    size_t n = 0;
    for (; s[n]; n++) {
        const char *a = accept;
        while (*a && *a != s[n])
            a++;
        if (!*a)
            break;
    }
    return n;
}

__attribute__((weak)) size_t strcspn(const char *s, const char *reject) {
    size_t n = 0;
    for (; s[n]; n++)
        for (const char *r = reject; *r; r++)
            if (*r == s[n])
                return n;
    return n;
}

__attribute__((weak)) char *strpbrk(const char *s, const char *accept) {
    s += strcspn(s, accept);
    return *s ? (char *)s : 0;
}

__attribute__((weak)) char *strtok_r(char *s, const char *delim, char **save) {
    if (!s)
        s = *save;
    s += strspn(s, delim);
    if (!*s) {
        *save = s;
        return 0;
    }
    char *end = s + strcspn(s, delim);
    if (*end)
        *end++ = 0;
    *save = end;
    return s;
}

__attribute__((weak)) char *strtok(char *s, const char *delim) {
    static char *save;
    return strtok_r(s, delim, &save);
}

__attribute__((weak)) int rand_r(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return (int)((*seed / 65536u) % 32768u);
}
