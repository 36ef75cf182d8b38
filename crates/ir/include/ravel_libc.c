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

/* getsubopt: the next `name[=value]` of a comma-separated list (glibc semantics: an
 * unknown name returns -1 with *valuep at the whole suboption). */
__attribute__((weak)) int getsubopt(char **optionp, char *const *tokens, char **valuep) {
    char *s = *optionp;
    *valuep = 0;
    if (!s || !*s)
        return -1;
    char *end = s;
    while (*end && *end != ',')
        end++;
    char *next = *end ? end + 1 : end;
    *end = 0;
    char *eq = s;
    while (*eq && *eq != '=')
        eq++;
    int len = (int)(eq - s);
    *optionp = next;
    for (int i = 0; tokens[i]; i++) {
        if (ravel_streq_prefix(tokens[i], s, len)) {
            if (*eq)
                *valuep = eq + 1;
            return i;
        }
    }
    *valuep = s;
    return -1;
}

/* Name resolution without a network: numeric addresses and ports, the wildcard and
 * loopback addresses, and "localhost". Anything else (DNS, /etc/services names) stops as
 * unsupported rather than failing as it might not on a real host. Layouts are glibc's on
 * Linux (the same shape on ILP32 and LP64). */
extern void __ravel_unsupported(const char *what);
extern void *malloc(size_t);
extern void free(void *);
extern void *memset(void *, int, size_t);
extern void *memcpy(void *, const void *, size_t);
extern size_t strlen(const char *);
extern char *strdup(const char *);
extern int snprintf(char *, size_t, const char *, ...);
extern int *__errno_location(void);

struct ravel_addrinfo {
    int ai_flags, ai_family, ai_socktype, ai_protocol;
    unsigned ai_addrlen;
    void *ai_addr;
    char *ai_canonname;
    struct ravel_addrinfo *ai_next;
};

#undef htons
#undef ntohs
#undef htonl
#undef ntohl
__attribute__((weak)) unsigned short htons(unsigned short x) { return (unsigned short)(x << 8 | x >> 8); }
__attribute__((weak)) unsigned short ntohs(unsigned short x) { return (unsigned short)(x << 8 | x >> 8); }
__attribute__((weak)) unsigned htonl(unsigned x) {
    return x << 24 | (x & 0xff00) << 8 | (x >> 8 & 0xff00) | x >> 24;
}
__attribute__((weak)) unsigned ntohl(unsigned x) { return htonl(x); }

static int ravel_pton4(const char *s, unsigned char *out) {
    int parts = 0;
    while (parts < 4) {
        int v = 0, digits = 0;
        while (*s >= '0' && *s <= '9') {
            if (digits && v == 0)
                return 0; /* leading zero */
            v = v * 10 + (*s++ - '0');
            if (v > 255)
                return 0;
            digits++;
        }
        if (!digits)
            return 0;
        out[parts++] = (unsigned char)v;
        if (parts < 4 && *s++ != '.')
            return 0;
    }
    return *s == 0;
}

static int ravel_hex(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int ravel_pton6(const char *s, unsigned char *out) {
    unsigned char words[16];
    int n = 0, gap = -1;
    memset(words, 0, 16);
    if (s[0] == ':' && s[1] == ':') {
        gap = 0;
        s += 2;
    }
    while (*s) {
        if (n < 16 && n <= 12) {
            const char *dot = s;
            while (*dot && *dot != ':' && *dot != '.')
                dot++;
            if (*dot == '.') { /* an IPv4 tail */
                if (!ravel_pton4(s, words + n))
                    return 0;
                n += 4;
                break;
            }
        }
        int v = 0, digits = 0, h;
        while ((h = ravel_hex(*s)) >= 0 && digits < 4) {
            v = v * 16 + h;
            s++;
            digits++;
        }
        if (!digits || n >= 16)
            return 0;
        words[n++] = (unsigned char)(v >> 8);
        words[n++] = (unsigned char)v;
        if (*s == ':') {
            s++;
            if (*s == ':') {
                if (gap >= 0)
                    return 0;
                gap = n;
                s++;
            } else if (!*s) {
                return 0;
            }
        } else if (*s) {
            return 0;
        }
    }
    if (gap >= 0) {
        int tail = n - gap;
        if (n == 16)
            return 0;
        memset(out, 0, 16);
        memcpy(out, words, gap);
        memcpy(out + 16 - tail, words + gap, tail);
    } else {
        if (n != 16)
            return 0;
        memcpy(out, words, 16);
    }
    return 1;
}

__attribute__((weak)) int inet_pton(int af, const char *src, void *dst) {
    unsigned char buf[16];
    if (af == 2) {
        if (!ravel_pton4(src, buf))
            return 0;
        memcpy(dst, buf, 4);
        return 1;
    }
    if (af == 10) {
        if (!ravel_pton6(src, buf))
            return 0;
        memcpy(dst, buf, 16);
        return 1;
    }
    *__errno_location() = 97; /* EAFNOSUPPORT */
    return -1;
}

__attribute__((weak)) const char *inet_ntop(int af, const void *src, char *dst, unsigned size) {
    const unsigned char *b = src;
    char text[64];
    if (af == 2) {
        snprintf(text, sizeof text, "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
    } else if (af == 10) {
        int best = -1, best_len = 0;
        for (int i = 0; i < 8;) {
            int j = i;
            while (j < 8 && !b[2 * j] && !b[2 * j + 1])
                j++;
            if (j - i > best_len && j - i >= 2) {
                best = i;
                best_len = j - i;
            }
            i = j > i ? j : i + 1;
        }
        int len = 0;
        for (int i = 0; i < 8; i++) {
            if (i == best) {
                len += snprintf(text + len, sizeof text - len, i == 0 ? "::" : ":");
                i += best_len - 1;
                continue;
            }
            if (i == 6 && best == 0 && (best_len == 6 || (best_len == 5 && b[10] == 0xff && b[11] == 0xff))) {
                snprintf(text + len, sizeof text - len, "%u.%u.%u.%u", b[12], b[13], b[14], b[15]);
                len = (int)strlen(text);
                break;
            }
            len += snprintf(text + len, sizeof text - len, "%x%s", b[2 * i] << 8 | b[2 * i + 1], i < 7 ? ":" : "");
        }
        if (len > 0 && text[len - 1] == ':' && best + best_len != 8)
            text[--len] = 0;
    } else {
        *__errno_location() = 97;
        return 0;
    }
    if (strlen(text) + 1 > size) {
        *__errno_location() = 28; /* ENOSPC */
        return 0;
    }
    memcpy(dst, text, strlen(text) + 1);
    return dst;
}

static struct ravel_addrinfo *ravel_ai(int family, int socktype, const unsigned char *host, unsigned port,
                                       const char *canon) {
    unsigned len = family == 2 ? 16 : 28;
    struct ravel_addrinfo *ai = malloc(sizeof *ai + 28);
    if (!ai)
        return 0;
    memset(ai, 0, sizeof *ai + 28);
    unsigned char *sa = (unsigned char *)(ai + 1);
    sa[0] = (unsigned char)family;
    sa[2] = (unsigned char)(port >> 8);
    sa[3] = (unsigned char)port;
    memcpy(sa + (family == 2 ? 4 : 8), host, family == 2 ? 4 : 16);
    ai->ai_family = family;
    ai->ai_socktype = socktype;
    ai->ai_protocol = socktype == 1 ? 6 : socktype == 2 ? 17 : 0;
    ai->ai_addrlen = len;
    ai->ai_addr = sa;
    ai->ai_canonname = canon ? strdup(canon) : 0;
    return ai;
}

__attribute__((weak)) void freeaddrinfo(struct ravel_addrinfo *ai) {
    while (ai) {
        struct ravel_addrinfo *next = ai->ai_next;
        free(ai->ai_canonname);
        free(ai);
        ai = next;
    }
}

__attribute__((weak)) int getaddrinfo(const char *node, const char *service, const struct ravel_addrinfo *hints,
                                      struct ravel_addrinfo **res) {
    int flags = hints ? hints->ai_flags : 0, family = hints ? hints->ai_family : 0;
    int socktype = hints ? hints->ai_socktype : 0;
    unsigned port = 0;
    if (!node && !service)
        return -2; /* EAI_NONAME */
    if (family != 0 && family != 2 && family != 10)
        return -6; /* EAI_FAMILY */
    if (socktype < 0 || socktype > 3)
        return -7; /* EAI_SOCKTYPE */
    if (service && *service) {
        const char *p = service;
        while (*p >= '0' && *p <= '9' && port <= 65535)
            port = port * 10 + (unsigned)(*p++ - '0');
        if (*p || port > 65535) {
            if (flags & 0x400) /* AI_NUMERICSERV */
                return -2;
            __ravel_unsupported("getaddrinfo of a service name (no /etc/services)");
            return -8;
        }
    }
    unsigned char hosts[2][16];
    int fams[2], n = 0;
    static const unsigned char any6[16], loop6[16] = {[15] = 1};
    static const unsigned char any4[4], loop4[4] = {127, 0, 0, 1};
    int v4 = family != 10, v6 = family != 2;
    if (!node || (!(flags & 4) && !__builtin_strcmp(node, "localhost"))) {
        int passive = !node && (flags & 1);
        if (v4) {
            memcpy(hosts[n], passive ? any4 : loop4, 4);
            fams[n++] = 2;
        }
        if (v6) {
            memcpy(hosts[n], passive ? any6 : loop6, 16);
            fams[n++] = 10;
        }
    } else if (ravel_pton4(node, hosts[0])) {
        if (!v4)
            return -2;
        fams[n++] = 2;
    } else if (ravel_pton6(node, hosts[0])) {
        if (!v6)
            return -2;
        fams[n++] = 10;
    } else if (flags & 4) { /* AI_NUMERICHOST */
        return -2;
    } else {
        __ravel_unsupported("getaddrinfo of a host name other than localhost (no DNS)");
        return -2;
    }
    static const int types[3] = {1, 2, 3};
    struct ravel_addrinfo *first = 0, **tail = &first;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            if (socktype ? types[k] != socktype : types[k] == 3)
                continue;
            struct ravel_addrinfo *ai =
                ravel_ai(fams[i], types[k], hosts[i], port, (flags & 2) && !first ? (node ? node : "") : 0);
            if (!ai) {
                freeaddrinfo(first);
                return -10; /* EAI_MEMORY */
            }
            ai->ai_flags = flags;
            *tail = ai;
            tail = &ai->ai_next;
        }
    *res = first;
    return 0;
}

__attribute__((weak)) const char *gai_strerror(int code) {
    switch (code) {
    case -1: return "Bad value for ai_flags";
    case -2: return "Name or service not known";
    case -3: return "Temporary failure in name resolution";
    case -4: return "Non-recoverable failure in name resolution";
    case -6: return "ai_family not supported";
    case -7: return "ai_socktype not supported";
    case -8: return "Servname not supported for ai_socktype";
    case -10: return "Memory allocation failure";
    case -11: return "System error";
    default: return "Unknown error";
    }
}

/* sigignore(sig): the disposition SIG_IGN (an obsolete System V call memcached uses). */
extern void (*signal(int, void (*)(int)))(int);
__attribute__((weak)) int sigignore(int sig) {
    return signal(sig, (void (*)(int))1) == (void (*)(int)) - 1 ? -1 : 0;
}

/* strsignal: glibc's descriptions of the Linux signals. */
__attribute__((weak)) char *strsignal(int sig) {
    static const char *const names[] = {
        "Unknown signal 0", "Hangup", "Interrupt", "Quit", "Illegal instruction", "Trace/breakpoint trap",
        "Aborted", "Bus error", "Floating point exception", "Killed", "User defined signal 1",
        "Segmentation fault", "User defined signal 2", "Broken pipe", "Alarm clock", "Terminated",
        "Stack fault", "Child exited", "Continued", "Stopped (signal)", "Stopped", "Stopped (tty input)",
        "Stopped (tty output)", "Urgent I/O condition", "CPU time limit exceeded", "File size limit exceeded",
        "Virtual timer expired", "Profiling timer expired", "Window changed", "I/O possible",
        "Power failure", "Bad system call"};
    static char other[32];
    if (sig >= 0 && sig < (int)(sizeof names / sizeof names[0]))
        return (char *)names[sig];
    snprintf(other, sizeof other, sig >= 34 && sig <= 64 ? "Real-time signal %d" : "Unknown signal %d",
             sig >= 34 && sig <= 64 ? sig - 34 : sig);
    return other;
}

/* Reading files through C streams: fopen, fdopen, fread, fclose and the stream's state,
 * over the descriptor calls of the POSIX model (so every read is the same visible
 * operation as a read(2), and the in-memory file system is the one open(2) sees).
 * Unbuffered: fread reads straight from the descriptor. Writing goes through ravel's
 * output streams, which know only stdout and stderr; a write to a stream opened here
 * stops as unsupported. stdin, stdout and stderr are ravel's handles (descriptors 0-2). */
extern void *stdin, *stdout, *stderr;
extern int open(const char *, int, ...);
extern long read(int, void *, size_t);
extern int close(int);

#define RAVEL_FILE_MAGIC 0x7261764cu
struct ravel_file {
    unsigned magic;
    int fd, eof, error;
    /* Opened for reading only. */
    int reading;
};

/* The stream `f` names, or null (after stopping as unsupported) for a FILE * that
 * neither fopen/fdopen nor the standard streams made. */
static struct ravel_file *ravel_stream(void *f) {
    struct ravel_file *s = f;
    if (s && s->magic == RAVEL_FILE_MAGIC)
        return s;
    __ravel_unsupported("a FILE stream not made by fopen, fdopen or the standard streams");
    return 0;
}

static int ravel_std_fd(void *f) { return f == stdin ? 0 : f == stdout ? 1 : f == stderr ? 2 : -1; }

/* End-of-file and error flags of the standard streams. */
static int ravel_std_eof[3], ravel_std_error[3];

/* open(2) flags of an fopen mode. */
static int ravel_mode_flags(const char *mode) {
    int flags = mode[0] == 'r' ? 0 : mode[0] == 'w' ? 01 | 0100 | 01000 : 01 | 0100 | 02000;
    for (const char *c = mode + 1; *c; c++) {
        if (*c == '+')
            flags = (flags & ~3) | 2;
        else if (*c == 'e')
            flags |= 02000000;
        else if (*c == 'x')
            flags |= 0200;
    }
    return flags;
}

__attribute__((weak)) void *fdopen(int fd, const char *mode) {
    struct ravel_file *s = malloc(sizeof *s);
    if (!s) {
        *__errno_location() = 12;
        return 0;
    }
    s->magic = RAVEL_FILE_MAGIC;
    s->fd = fd;
    s->eof = s->error = 0;
    s->reading = mode[0] == 'r' && !(ravel_mode_flags(mode) & 2);
    return s;
}

__attribute__((weak)) void *fopen(const char *path, const char *mode) {
    int fd = open(path, ravel_mode_flags(mode), 0666);
    if (fd < 0)
        return 0;
    void *s = fdopen(fd, mode);
    if (!s)
        close(fd);
    return s;
}

__attribute__((weak)) int fileno(void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    return fd >= 0 ? fd : s ? s->fd : -1;
}

__attribute__((weak)) size_t fread(void *buf, size_t size, size_t n, void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    if (fd < 0 && !s)
        return 0;
    size_t total = size * n, done = 0;
    while (done < total) {
        long r = read(s ? s->fd : fd, (char *)buf + done, total - done);
        if (r <= 0) {
            *(r < 0 ? (s ? &s->error : &ravel_std_error[fd]) : (s ? &s->eof : &ravel_std_eof[fd])) = 1;
            break;
        }
        done += (size_t)r;
    }
    return size ? done / size : 0;
}

/* Closing a standard stream only reports success: ravel's stdout and stderr stay open. */
__attribute__((weak)) int fclose(void *f) {
    if (ravel_std_fd(f) >= 0)
        return 0;
    struct ravel_file *s = ravel_stream(f);
    if (!s)
        return -1;
    int r = close(s->fd);
    s->magic = 0;
    free(s);
    return r == 0 ? 0 : -1;
}

__attribute__((weak)) int feof(void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    return fd >= 0 ? ravel_std_eof[fd] : s ? s->eof : 0;
}

__attribute__((weak)) int ferror(void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    return fd >= 0 ? ravel_std_error[fd] : s ? s->error : 0;
}

__attribute__((weak)) void clearerr(void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    if (fd >= 0)
        ravel_std_eof[fd] = ravel_std_error[fd] = 0;
    else if (s)
        s->eof = s->error = 0;
}

/* Whether the stream is read-only (or last read, which unbuffered streams never need to
 * tell apart): what gnulib's fclose and fflush ask before seeking. */
__attribute__((weak)) int __freading(void *f) {
    int fd = ravel_std_fd(f);
    struct ravel_file *s = fd < 0 ? ravel_stream(f) : 0;
    return fd >= 0 ? fd == 0 : s ? s->reading : 0;
}

/* Nothing is ever pending: output reaches ravel's streams at once. */
__attribute__((weak)) size_t __fpending(void *f) {
    (void)f;
    return 0;
}

/* Advice only: the in-memory file system has no caching to tune. */
__attribute__((weak)) int posix_fadvise(int fd, long off, long len, int advice) {
    (void)fd, (void)off, (void)len, (void)advice;
    return 0;
}

/* The _unlocked variants (gnulib's unlocked-io.h renames the calls to them). */
__attribute__((weak)) size_t fread_unlocked(void *buf, size_t size, size_t n, void *f) { return fread(buf, size, n, f); }
__attribute__((weak)) int fileno_unlocked(void *f) { return fileno(f); }
__attribute__((weak)) int feof_unlocked(void *f) { return feof(f); }
__attribute__((weak)) int ferror_unlocked(void *f) { return ferror(f); }
__attribute__((weak)) void clearerr_unlocked(void *f) { clearerr(f); }

/* glibc's names of the program (set by the program itself here, as gnulib's
 * set_program_name does; ravel does not fill them from argv[0]). */
__attribute__((weak)) char *program_invocation_name;
__attribute__((weak)) char *program_invocation_short_name;

/* Locales: the process runs in the "C" locale (its environment sets no LANG or LC_*), so
 * setlocale accepts "", "C" and "POSIX" and refuses any other name. */
extern int strcmp(const char *, const char *);
__attribute__((weak)) char *setlocale(int category, const char *locale) {
    (void)category;
    if (!locale || !*locale || !strcmp(locale, "C") || !strcmp(locale, "POSIX"))
        return "C";
    return 0;
}

/* glibc's struct lconv, with the "C" locale's values. */
struct ravel_lconv {
    char *decimal_point, *thousands_sep, *grouping, *int_curr_symbol, *currency_symbol;
    char *mon_decimal_point, *mon_thousands_sep, *mon_grouping, *positive_sign, *negative_sign;
    char fields[14];
};
__attribute__((weak)) struct ravel_lconv *localeconv(void) {
    static struct ravel_lconv c = {".", "", "", "", "", "", "", "", "", "",
                                   {127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127}};
    return &c;
}

/* realloc of n * size bytes, failing with ENOMEM when the product overflows. */
extern void *realloc(void *, size_t);
__attribute__((weak)) void *reallocarray(void *p, size_t n, size_t size) {
    if (size && n > (size_t)-1 / size) {
        *__errno_location() = 12;
        return 0;
    }
    return realloc(p, n * size);
}

/* The effective and real ids are the same in ravel's process. */
extern int access(const char *, int);
__attribute__((weak)) int euidaccess(const char *path, int mode) { return access(path, mode); }
__attribute__((weak)) int eaccess(const char *path, int mode) { return access(path, mode); }
