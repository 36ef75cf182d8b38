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

/* getopt and getopt_long (GNU semantics without argument permutation: scanning stops at
 * the first non-option, as with POSIXLY_CORRECT). */
__attribute__((weak)) char *optarg;
__attribute__((weak)) int optind = 1, opterr = 1, optopt;
static int ravel_optpos;

struct option {
    const char *name;
    int has_arg;
    int *flag;
    int val;
};

extern int fprintf(void *, const char *, ...);
extern void *stderr;

static int ravel_getopt_short(int argc, char *const argv[], const char *spec) {
    char *arg = argv[optind];
    if (!ravel_optpos)
        ravel_optpos = 1;
    char c = arg[ravel_optpos++];
    const char *s = spec;
    if (*s == '+' || *s == '-')
        s++;
    int colon = *s == ':';
    while (*s && *s != c)
        s++;
    if (!*s || c == ':') {
        optopt = c;
        if (opterr && !colon)
            fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        if (!arg[ravel_optpos]) {
            optind++;
            ravel_optpos = 0;
        }
        return '?';
    }
    if (s[1] == ':') {
        if (arg[ravel_optpos]) {
            optarg = arg + ravel_optpos;
        } else if (s[2] == ':') {
            optarg = 0;
        } else if (optind + 1 < argc) {
            optarg = argv[++optind];
        } else {
            optopt = c;
            optind++;
            ravel_optpos = 0;
            if (opterr && !colon)
                fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
            return colon ? ':' : '?';
        }
        optind++;
        ravel_optpos = 0;
        return c;
    }
    if (!arg[ravel_optpos]) {
        optind++;
        ravel_optpos = 0;
    }
    return c;
}

static int ravel_streq_prefix(const char *name, const char *arg, int len) {
    for (int i = 0; i < len; i++)
        if (name[i] != arg[i])
            return 0;
    return name[len] == 0;
}

static int ravel_getopt(int argc, char *const argv[], const char *spec, const struct option *longs, int *index,
                        int long_only) {
    optarg = 0;
    if (optind == 0) {
        optind = 1;
        ravel_optpos = 0;
    }
    if (optind >= argc || !argv[optind])
        return -1;
    char *arg = argv[optind];
    if (!ravel_optpos) {
        if (arg[0] != '-' || arg[1] == 0)
            return -1;
        if (arg[1] == '-' && arg[2] == 0) {
            optind++;
            return -1;
        }
        if (longs && (arg[1] == '-' || long_only)) {
            char *name = arg + (arg[1] == '-' ? 2 : 1);
            int len = 0;
            while (name[len] && name[len] != '=')
                len++;
            for (int i = 0; longs[i].name; i++) {
                if (!ravel_streq_prefix(longs[i].name, name, len))
                    continue;
                optind++;
                if (index)
                    *index = i;
                if (longs[i].has_arg == 0 && name[len] == '=') {
                    optopt = longs[i].val;
                    return '?';
                }
                if (longs[i].has_arg && name[len] == '=')
                    optarg = name + len + 1;
                else if (longs[i].has_arg == 1) {
                    if (optind >= argc) {
                        optopt = longs[i].val;
                        return spec[0] == ':' ? ':' : '?';
                    }
                    optarg = argv[optind++];
                }
                if (longs[i].flag) {
                    *longs[i].flag = longs[i].val;
                    return 0;
                }
                return longs[i].val;
            }
            if (arg[1] == '-') {
                optind++;
                optopt = 0;
                if (opterr)
                    fprintf(stderr, "%s: unrecognized option '%s'\n", argv[0], arg);
                return '?';
            }
        }
    }
    return ravel_getopt_short(argc, argv, spec);
}

__attribute__((weak)) int getopt(int argc, char *const argv[], const char *spec) {
    return ravel_getopt(argc, argv, spec, 0, 0, 0);
}

__attribute__((weak)) int getopt_long(int argc, char *const argv[], const char *spec, const struct option *longs,
                                      int *index) {
    return ravel_getopt(argc, argv, spec, longs, index, 0);
}

__attribute__((weak)) int getopt_long_only(int argc, char *const argv[], const char *spec,
                                           const struct option *longs, int *index) {
    return ravel_getopt(argc, argv, spec, longs, index, 1);
}
