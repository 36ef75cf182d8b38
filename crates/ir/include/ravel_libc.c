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

/* C streams over the descriptor calls of the POSIX model (so every read is the same
 * visible operation as a read(2), and the in-memory file system is the one open(2)
 * sees): fopen, fdopen, fread, fgetc, fgets, getline, ungetc, fseek, ftell, fclose and
 * the stream's state. Unbuffered: reads go straight to the descriptor. The output calls
 * (fprintf, fputs, fputc, fwrite) are ravel's models, which write a stream opened here
 * to its descriptor (crates/vm/src/shims/file_stream.rs reads the magic word, the
 * descriptor and the error flag: keep the first four fields in this order). stdin,
 * stdout and stderr are ravel's handles (descriptors 0-2). */
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
    /* The byte ungetc pushed back, or -1. */
    int unget;
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
    s->unget = -1;
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
    if (s && s->unget >= 0 && total) {
        *(unsigned char *)buf = (unsigned char)s->unget;
        s->unget = -1;
        done = 1;
    }
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

/* Reading C streams byte by byte (unbuffered, as fread): fgetc, fgets, getline, ungetc,
 * and positioning with fseek, ftell, rewind. */
extern long lseek(int, long, int);

/* The descriptor behind `f` and its stream (null for the standard ones); -1 when `f` is
 * not a stream (after stopping as unsupported). */
static int ravel_fd_of(void *f, struct ravel_file **s) {
    int fd = ravel_std_fd(f);
    *s = fd < 0 ? ravel_stream(f) : 0;
    return fd >= 0 ? fd : *s ? (*s)->fd : -1;
}

__attribute__((weak)) int fgetc(void *f) {
    struct ravel_file *s;
    int fd = ravel_fd_of(f, &s);
    if (fd < 0)
        return -1;
    if (s && s->unget >= 0) {
        int c = s->unget;
        s->unget = -1;
        return c;
    }
    unsigned char c;
    long r = read(fd, &c, 1);
    if (r == 1)
        return c;
    *(r < 0 ? (s ? &s->error : &ravel_std_error[fd]) : (s ? &s->eof : &ravel_std_eof[fd])) = 1;
    return -1;
}

__attribute__((weak)) int getc(void *f) { return fgetc(f); }
__attribute__((weak)) int _IO_getc(void *f) { return fgetc(f); }
__attribute__((weak)) int fgetc_unlocked(void *f) { return fgetc(f); }
__attribute__((weak)) int getc_unlocked(void *f) { return fgetc(f); }

__attribute__((weak)) int ungetc(int c, void *f) {
    struct ravel_file *s;
    int fd = ravel_fd_of(f, &s);
    if (c == -1 || fd < 0)
        return -1;
    if (!s) {
        __ravel_unsupported("ungetc on a standard stream");
        return -1;
    }
    if (s->unget >= 0)
        return -1; /* one byte of push-back, as POSIX guarantees */
    s->unget = (unsigned char)c;
    s->eof = 0;
    return (unsigned char)c;
}

__attribute__((weak)) char *fgets(char *buf, int n, void *f) {
    int i = 0;
    if (n <= 0)
        return 0;
    while (i < n - 1) {
        int c = fgetc(f);
        if (c < 0)
            break;
        buf[i++] = (char)c;
        if (c == '\n')
            break;
    }
    if (i == 0 || ferror(f))
        return 0;
    buf[i] = 0;
    return buf;
}

__attribute__((weak)) char *fgets_unlocked(char *buf, int n, void *f) { return fgets(buf, n, f); }

__attribute__((weak)) long getdelim(char **line, size_t *cap, int delim, void *f) {
    if (!line || !cap) {
        *__errno_location() = 22;
        return -1;
    }
    size_t len = 0;
    for (;;) {
        int c = fgetc(f);
        if (c < 0 && len == 0)
            return -1;
        if (len + 2 > *cap || !*line) {
            size_t want = *cap < 120 ? 120 : *cap * 2;
            char *p = realloc(*line, want);
            if (!p) {
                *__errno_location() = 12;
                return -1;
            }
            *line = p;
            *cap = want;
        }
        if (c < 0)
            break;
        (*line)[len++] = (char)c;
        if (c == delim)
            break;
    }
    (*line)[len] = 0;
    return (long)len;
}

__attribute__((weak)) long getline(char **line, size_t *cap, void *f) { return getdelim(line, cap, '\n', f); }

__attribute__((weak)) int fseeko(void *f, long off, int whence) {
    struct ravel_file *s;
    int fd = ravel_fd_of(f, &s);
    if (fd < 0)
        return -1;
    if (s && whence == 1 && s->unget >= 0)
        off--;
    if (lseek(fd, off, whence) < 0)
        return -1;
    if (s) {
        s->unget = -1;
        s->eof = 0;
    } else {
        ravel_std_eof[fd] = 0;
    }
    return 0;
}

__attribute__((weak)) int fseek(void *f, long off, int whence) { return fseeko(f, off, whence); }
__attribute__((weak)) int fseeko64(void *f, long off, int whence) { return fseeko(f, off, whence); }

__attribute__((weak)) long ftello(void *f) {
    struct ravel_file *s;
    int fd = ravel_fd_of(f, &s);
    if (fd < 0)
        return -1;
    long at = lseek(fd, 0, 1);
    return at >= 0 && s && s->unget >= 0 ? at - 1 : at;
}

__attribute__((weak)) long ftell(void *f) { return ftello(f); }
__attribute__((weak)) long ftello64(void *f) { return ftello(f); }

__attribute__((weak)) void rewind(void *f) {
    fseeko(f, 0, 0);
    clearerr(f);
}

__attribute__((weak)) void *fopen64(const char *path, const char *mode) { return fopen(path, mode); }

/* strerror and friends: glibc's messages for Linux's error numbers. */
static const char *const ravel_errors[] = {
    "Success",
    "Operation not permitted",
    "No such file or directory",
    "No such process",
    "Interrupted system call",
    "Input/output error",
    "No such device or address",
    "Argument list too long",
    "Exec format error",
    "Bad file descriptor",
    "No child processes",
    "Resource temporarily unavailable",
    "Cannot allocate memory",
    "Permission denied",
    "Bad address",
    "Block device required",
    "Device or resource busy",
    "File exists",
    "Invalid cross-device link",
    "No such device",
    "Not a directory",
    "Is a directory",
    "Invalid argument",
    "Too many open files in system",
    "Too many open files",
    "Inappropriate ioctl for device",
    "Text file busy",
    "File too large",
    "No space left on device",
    "Illegal seek",
    "Read-only file system",
    "Too many links",
    "Broken pipe",
    "Numerical argument out of domain",
    "Numerical result out of range",
    "Resource deadlock avoided",
    "File name too long",
    "No locks available",
    "Function not implemented",
    "Directory not empty",
    "Too many levels of symbolic links",
    0,
    "No message of desired type",
    "Identifier removed",
    "Channel number out of range",
    "Level 2 not synchronized",
    "Level 3 halted",
    "Level 3 reset",
    "Link number out of range",
    "Protocol driver not attached",
    "No CSI structure available",
    "Level 2 halted",
    "Invalid exchange",
    "Invalid request descriptor",
    "Exchange full",
    "No anode",
    "Invalid request code",
    "Invalid slot",
    0,
    "Bad font file format",
    "Device not a stream",
    "No data available",
    "Timer expired",
    "Out of streams resources",
    "Machine is not on the network",
    "Package not installed",
    "Object is remote",
    "Link has been severed",
    "Advertise error",
    "Srmount error",
    "Communication error on send",
    "Protocol error",
    "Multihop attempted",
    "RFS specific error",
    "Bad message",
    "Value too large for defined data type",
    "Name not unique on network",
    "File descriptor in bad state",
    "Remote address changed",
    "Can not access a needed shared library",
    "Accessing a corrupted shared library",
    ".lib section in a.out corrupted",
    "Attempting to link in too many shared libraries",
    "Cannot exec a shared library directly",
    "Invalid or incomplete multibyte or wide character",
    "Interrupted system call should be restarted",
    "Streams pipe error",
    "Too many users",
    "Socket operation on non-socket",
    "Destination address required",
    "Message too long",
    "Protocol wrong type for socket",
    "Protocol not available",
    "Protocol not supported",
    "Socket type not supported",
    "Operation not supported",
    "Protocol family not supported",
    "Address family not supported by protocol",
    "Address already in use",
    "Cannot assign requested address",
    "Network is down",
    "Network is unreachable",
    "Network dropped connection on reset",
    "Software caused connection abort",
    "Connection reset by peer",
    "No buffer space available",
    "Transport endpoint is already connected",
    "Transport endpoint is not connected",
    "Cannot send after transport endpoint shutdown",
    "Too many references: cannot splice",
    "Connection timed out",
    "Connection refused",
    "Host is down",
    "No route to host",
    "Operation already in progress",
    "Operation now in progress",
    "Stale file handle",
    "Structure needs cleaning",
    "Not a XENIX named type file",
    "No XENIX semaphores available",
    "Is a named type file",
    "Remote I/O error",
    "Disk quota exceeded",
    "No medium found",
    "Wrong medium type",
    "Operation canceled",
    "Required key not available",
    "Key has expired",
    "Key has been revoked",
    "Key was rejected by service",
    "Owner died",
    "State not recoverable",
    "Operation not possible due to RF-kill",
    "Memory page has hardware error",
};

/* The message of `e` into `buf` (`size` bytes, truncated): 0, or ERANGE when it did not
 * fit, or EINVAL for an unknown number (then "Unknown error N"). */
static int ravel_error_text(int e, char *buf, size_t size) {
    char text[64];
    const char *msg = e >= 0 && e < (int)(sizeof ravel_errors / sizeof ravel_errors[0]) ? ravel_errors[e] : 0;
    if (!msg) {
        snprintf(text, sizeof text, "Unknown error %d", e);
        msg = text;
    }
    size_t len = strlen(msg);
    if (size) {
        size_t k = len < size - 1 ? len : size - 1;
        memcpy(buf, msg, k);
        buf[k] = 0;
    }
    return msg == text ? 22 : len >= size ? 34 : 0;
}

__attribute__((weak)) char *strerror(int e) {
    static __thread char buf[64];
    if (e >= 0 && e < (int)(sizeof ravel_errors / sizeof ravel_errors[0]) && ravel_errors[e])
        return (char *)ravel_errors[e];
    ravel_error_text(e, buf, sizeof buf);
    return buf;
}

/* GNU strerror_r (what glibc's headers declare under _GNU_SOURCE): the message, in `buf`
 * only when it is not a constant. */
__attribute__((weak)) char *strerror_r(int e, char *buf, size_t size) {
    if (e >= 0 && e < (int)(sizeof ravel_errors / sizeof ravel_errors[0]) && ravel_errors[e])
        return (char *)ravel_errors[e];
    ravel_error_text(e, buf, size);
    return buf;
}

/* XSI strerror_r (glibc's headers redirect strerror_r to it without _GNU_SOURCE). */
__attribute__((weak)) int __xpg_strerror_r(int e, char *buf, size_t size) {
    return ravel_error_text(e, buf, size);
}

__attribute__((weak)) void perror(const char *s) {
    const char *msg = strerror(*__errno_location());
    if (s && *s)
        fprintf(stderr, "%s: %s\n", s, msg);
    else
        fprintf(stderr, "%s\n", msg);
}

/* The rand48 family (glibc's: X' = aX + c mod 2^48, a = 0x5DEECE66D, c = 0xB until
 * lcong48; the state starts at 0 until seeded). Not thread-safe, as in glibc: threads
 * calling them race on the state. */
static unsigned short ravel_rand48_x[3], ravel_rand48_a[3] = {0xe66d, 0xdeec, 0x5}, ravel_rand48_c = 0xb;

static unsigned long long ravel_rand48_step(unsigned short x[3]) {
    unsigned long long v = (unsigned long long)x[2] << 32 | (unsigned long long)x[1] << 16 | x[0];
    unsigned long long a =
        (unsigned long long)ravel_rand48_a[2] << 32 | (unsigned long long)ravel_rand48_a[1] << 16 | ravel_rand48_a[0];
    v = (v * a + ravel_rand48_c) & 0xffffffffffffull;
    x[0] = (unsigned short)v;
    x[1] = (unsigned short)(v >> 16);
    x[2] = (unsigned short)(v >> 32);
    return v;
}

__attribute__((weak)) double erand48(unsigned short x[3]) {
    return (double)ravel_rand48_step(x) / 281474976710656.0;
}
__attribute__((weak)) long nrand48(unsigned short x[3]) { return (long)(ravel_rand48_step(x) >> 17); }
__attribute__((weak)) long jrand48(unsigned short x[3]) { return (long)(int)(unsigned)(ravel_rand48_step(x) >> 16); }
__attribute__((weak)) double drand48(void) { return erand48(ravel_rand48_x); }
__attribute__((weak)) long lrand48(void) { return nrand48(ravel_rand48_x); }
__attribute__((weak)) long mrand48(void) { return jrand48(ravel_rand48_x); }

__attribute__((weak)) void srand48(long seed) {
    ravel_rand48_x[0] = 0x330e;
    ravel_rand48_x[1] = (unsigned short)seed;
    ravel_rand48_x[2] = (unsigned short)((unsigned long)seed >> 16);
    ravel_rand48_a[0] = 0xe66d, ravel_rand48_a[1] = 0xdeec, ravel_rand48_a[2] = 0x5;
    ravel_rand48_c = 0xb;
}

__attribute__((weak)) unsigned short *seed48(unsigned short seed[3]) {
    static unsigned short old[3];
    memcpy(old, ravel_rand48_x, sizeof old);
    memcpy(ravel_rand48_x, seed, sizeof old);
    ravel_rand48_a[0] = 0xe66d, ravel_rand48_a[1] = 0xdeec, ravel_rand48_a[2] = 0x5;
    ravel_rand48_c = 0xb;
    return old;
}

__attribute__((weak)) void lcong48(unsigned short p[7]) {
    memcpy(ravel_rand48_x, p, 3 * sizeof *p);
    memcpy(ravel_rand48_a, p + 3, 3 * sizeof *p);
    ravel_rand48_c = p[6];
}

/* IPv4 text forms: inet_aton accepts the classic forms (a, a.b, a.b.c, a.b.c.d; each part
 * decimal, octal with a leading 0 or hex with 0x), as glibc does. */
__attribute__((weak)) int inet_aton(const char *s, unsigned *addr) {
    unsigned long parts[4];
    int n = 0;
    for (;;) {
        unsigned long v = 0;
        int base = 10, digits = 0;
        if (*s == '0') {
            base = 8;
            s++;
            digits = 1;
            if (*s == 'x' || *s == 'X') {
                base = 16;
                s++;
                digits = 0;
            }
        }
        for (;; s++) {
            int d = ravel_hex(*s);
            if (d < 0 || d >= base)
                break;
            v = v * base + d;
            digits++;
            if (v > 0xffffffffu)
                return 0;
        }
        if (!digits || n == 4)
            return 0;
        parts[n++] = v;
        if (*s != '.')
            break;
        s++;
    }
    if (*s && *s != ' ' && *s != '\t' && *s != '\n')
        return 0;
    unsigned long v = parts[n - 1], max = n == 1 ? 0xffffffffu : n == 2 ? 0xffffff : n == 3 ? 0xffff : 0xff;
    if (v > max)
        return 0;
    for (int i = 0; i < n - 1; i++) {
        if (parts[i] > 0xff)
            return 0;
        v |= parts[i] << (24 - 8 * i);
    }
    if (addr)
        *addr = htonl((unsigned)v);
    return 1;
}

__attribute__((weak)) unsigned inet_addr(const char *s) {
    unsigned a;
    return inet_aton(s, &a) ? a : 0xffffffffu;
}

struct ravel_in_addr {
    unsigned s_addr;
};
__attribute__((weak)) char *inet_ntoa(struct ravel_in_addr in) {
    static __thread char buf[16];
    const unsigned char *b = (const unsigned char *)&in.s_addr;
    snprintf(buf, sizeof buf, "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
    return buf;
}

/* The fixed host: ravel's process runs on a Linux machine named "ravel", as a user
 * "user" (uid and gid 1000, home "/" as HOME says) beside "root". */
__attribute__((weak)) int getpagesize(void) { return 4096; }

__attribute__((weak)) int gethostname(char *name, size_t len) {
    static const char host[] = "ravel";
    if (len < sizeof host) {
        *__errno_location() = 36; /* ENAMETOOLONG */
        return -1;
    }
    memcpy(name, host, sizeof host);
    return 0;
}

struct ravel_utsname {
    char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};
__attribute__((weak)) int uname(struct ravel_utsname *u) {
    memset(u, 0, sizeof *u);
    memcpy(u->sysname, "Linux", 6);
    memcpy(u->nodename, "ravel", 6);
    memcpy(u->release, "6.1.0", 6);
    memcpy(u->version, "#1 SMP", 7);
    if (sizeof(void *) == 8)
        memcpy(u->machine, "x86_64", 7);
    else
        memcpy(u->machine, "i686", 5);
    memcpy(u->domainname, "(none)", 7);
    return 0;
}

struct ravel_passwd {
    char *pw_name, *pw_passwd;
    unsigned pw_uid, pw_gid;
    char *pw_gecos, *pw_dir, *pw_shell;
};
static struct ravel_passwd ravel_users[2] = {
    {"root", "x", 0, 0, "root", "/root", "/bin/sh"},
    {"user", "x", 1000, 1000, "user", "/", "/bin/sh"},
};

/* Copies user `u` into `pw` with its strings in `buf` (getpw*_r): 0 or ERANGE. */
static int ravel_copy_user(const struct ravel_passwd *u, struct ravel_passwd *pw, char *buf, size_t size) {
    const char *fields[5] = {u->pw_name, u->pw_passwd, u->pw_gecos, u->pw_dir, u->pw_shell};
    char **out[5] = {&pw->pw_name, &pw->pw_passwd, &pw->pw_gecos, &pw->pw_dir, &pw->pw_shell};
    size_t used = 0;
    for (int i = 0; i < 5; i++) {
        size_t len = strlen(fields[i]) + 1;
        if (used + len > size)
            return 34;
        memcpy(buf + used, fields[i], len);
        *out[i] = buf + used;
        used += len;
    }
    pw->pw_uid = u->pw_uid;
    pw->pw_gid = u->pw_gid;
    return 0;
}

static const struct ravel_passwd *ravel_user(const char *name, unsigned uid) {
    for (int i = 0; i < 2; i++)
        if (name ? !strcmp(name, ravel_users[i].pw_name) : uid == ravel_users[i].pw_uid)
            return &ravel_users[i];
    return 0;
}

__attribute__((weak)) struct ravel_passwd *getpwuid(unsigned uid) { return (struct ravel_passwd *)ravel_user(0, uid); }
__attribute__((weak)) struct ravel_passwd *getpwnam(const char *name) {
    return (struct ravel_passwd *)ravel_user(name, 0);
}

static int ravel_getpw_r(const struct ravel_passwd *u, struct ravel_passwd *pw, char *buf, size_t size,
                         struct ravel_passwd **res) {
    *res = 0;
    if (!u)
        return 0;
    int e = ravel_copy_user(u, pw, buf, size);
    if (!e)
        *res = pw;
    return e;
}

__attribute__((weak)) int getpwuid_r(unsigned uid, struct ravel_passwd *pw, char *buf, size_t size,
                                     struct ravel_passwd **res) {
    return ravel_getpw_r(ravel_user(0, uid), pw, buf, size, res);
}
__attribute__((weak)) int getpwnam_r(const char *name, struct ravel_passwd *pw, char *buf, size_t size,
                                     struct ravel_passwd **res) {
    return ravel_getpw_r(ravel_user(name, 0), pw, buf, size, res);
}

/* Resource usage: user time is the process's CPU clock (the virtual clock), every other
 * counter 0; no child ever ran (fork is not modelled). */
struct ravel_timespec {
    long tv_sec, tv_nsec;
};
extern int clock_gettime(int, struct ravel_timespec *);
__attribute__((weak)) int getrusage(int who, long *usage) {
    if (who != 0 && who != 1 && who != -1) {
        *__errno_location() = 22;
        return -1;
    }
    memset(usage, 0, 18 * sizeof(long));
    if (who != -1) {
        struct ravel_timespec ts;
        clock_gettime(who == 0 ? 2 : 3, &ts);
        usage[0] = ts.tv_sec;
        usage[1] = ts.tv_nsec / 1000;
    }
    return 0;
}

/* Scheduling: every thread runs under SCHED_OTHER at priority 0, and the user may not
 * choose a real-time policy (no RLIMIT_RTPRIO), as for an unprivileged Linux process. */
struct ravel_sched_param {
    int sched_priority;
};
__attribute__((weak)) int sched_get_priority_max(int policy) {
    if (policy == 1 || policy == 2)
        return 99;
    if (policy == 0 || policy == 3 || policy == 5)
        return 0;
    *__errno_location() = 22;
    return -1;
}
__attribute__((weak)) int sched_get_priority_min(int policy) {
    int max = sched_get_priority_max(policy);
    return max > 0 ? 1 : max;
}

__attribute__((weak)) int pthread_getschedparam(unsigned long thread, int *policy, struct ravel_sched_param *param) {
    (void)thread;
    *policy = 0;
    param->sched_priority = 0;
    return 0;
}

__attribute__((weak)) int pthread_setschedparam(unsigned long thread, int policy,
                                                const struct ravel_sched_param *param) {
    (void)thread;
    if (policy == 1 || policy == 2)
        return param->sched_priority < 1 || param->sched_priority > 99 ? 22 : 1; /* EINVAL, EPERM */
    if (policy != 0)
        __ravel_unsupported("pthread_setschedparam with a policy other than SCHED_OTHER, SCHED_FIFO, SCHED_RR");
    return param->sched_priority ? 22 : 0;
}

/* An attribute's priority is always 0: ravel keeps no policy in attributes, so only the
 * priority SCHED_OTHER allows is accepted. */
__attribute__((weak)) int pthread_attr_setschedparam(void *attr, const struct ravel_sched_param *param) {
    (void)attr;
    if (param->sched_priority)
        __ravel_unsupported("pthread_attr_setschedparam with a priority other than 0 (policies are not modelled)");
    return 0;
}
__attribute__((weak)) int pthread_attr_getschedparam(const void *attr, struct ravel_sched_param *param) {
    (void)attr;
    param->sched_priority = 0;
    return 0;
}

/* Cancellation is not modelled (pthread_cancel stops as unsupported), so no request is
 * ever pending. */
__attribute__((weak)) void pthread_testcancel(void) {}

/* alarm: SIGALRM would arrive asynchronously, which ravel does not model; alarm(0) only
 * cancels, and no alarm can be pending. */
__attribute__((weak)) unsigned alarm(unsigned seconds) {
    if (seconds)
        __ravel_unsupported("alarm with a time (asynchronous SIGALRM is not delivered)");
    return 0;
}

/* Dynamic loading: the process has no shared objects to load. dlopen fails with a
 * message; a handle of the program itself (dlopen(NULL), RTLD_DEFAULT, RTLD_NEXT) is not
 * modelled. */
static __thread const char *ravel_dl_error;
__attribute__((weak)) void *dlopen(const char *file, int mode) {
    static __thread char msg[300];
    (void)mode;
    if (!file) {
        __ravel_unsupported("dlopen of the program itself");
        return 0;
    }
    snprintf(msg, sizeof msg, "%s: cannot open shared object file: No such file or directory", file);
    ravel_dl_error = msg;
    return 0;
}
__attribute__((weak)) char *dlerror(void) {
    const char *e = ravel_dl_error;
    ravel_dl_error = 0;
    return (char *)e;
}
__attribute__((weak)) void *dlsym(void *handle, const char *name) {
    (void)name;
    if (!handle || handle == (void *)-1l) {
        __ravel_unsupported("dlsym in the program's own symbols (RTLD_DEFAULT, RTLD_NEXT)");
        return 0;
    }
    ravel_dl_error = "invalid handle";
    return 0;
}
__attribute__((weak)) int dlclose(void *handle) {
    (void)handle;
    ravel_dl_error = "invalid handle";
    return -1;
}

/* Broken-down time in the modelled time zone, UTC (the environment sets no TZ and the
 * process has no /etc/localtime of its own): gmtime, localtime, mktime, timegm, strftime
 * in the "C" locale, asctime and ctime. */
struct ravel_tm {
    int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};

static long long ravel_days_from_civil(long long y, int m, int d) {
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int ravel_leap(long long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static struct ravel_tm *ravel_broken_down(long long t, struct ravel_tm *tm, const char *zone) {
    long long days = t / 86400, secs = t % 86400;
    if (secs < 0) {
        secs += 86400;
        days--;
    }
    tm->tm_hour = (int)(secs / 3600);
    tm->tm_min = (int)(secs / 60 % 60);
    tm->tm_sec = (int)(secs % 60);
    tm->tm_wday = (int)(((days + 4) % 7 + 7) % 7);
    long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1), m = (int)(mp < 10 ? mp + 3 : mp - 9);
    long long y = yoe + era * 400 + (m <= 2);
    if (y - 1900 > 0x7fffffff || y - 1900 < -0x7fffffff - 1) {
        *__errno_location() = 75; /* EOVERFLOW */
        return 0;
    }
    tm->tm_year = (int)(y - 1900);
    tm->tm_mon = m - 1;
    tm->tm_mday = d;
    tm->tm_yday = (int)(days - ravel_days_from_civil(y, 1, 1));
    tm->tm_isdst = 0;
    tm->tm_gmtoff = 0;
    tm->tm_zone = zone;
    return tm;
}

__attribute__((weak)) struct ravel_tm *gmtime_r(const long *t, struct ravel_tm *tm) {
    return ravel_broken_down(*t, tm, "GMT");
}
__attribute__((weak)) struct ravel_tm *localtime_r(const long *t, struct ravel_tm *tm) {
    return ravel_broken_down(*t, tm, "UTC");
}
/* gmtime and localtime share one buffer, as in glibc (threads calling them race on it). */
static struct ravel_tm ravel_tmbuf;
__attribute__((weak)) struct ravel_tm *gmtime(const long *t) { return gmtime_r(t, &ravel_tmbuf); }
__attribute__((weak)) struct ravel_tm *localtime(const long *t) { return localtime_r(t, &ravel_tmbuf); }

/* timegm: normalises `tm` (fields out of range carry over) and returns its time. */
__attribute__((weak)) long timegm(struct ravel_tm *tm) {
    long long mon = tm->tm_mon, y = (long long)tm->tm_year + 1900 + mon / 12;
    mon %= 12;
    if (mon < 0) {
        mon += 12;
        y--;
    }
    long long t = ravel_days_from_civil(y, (int)mon + 1, 1) * 86400 + ((long long)tm->tm_mday - 1) * 86400 +
                  (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
    if (!ravel_broken_down(t, tm, "GMT"))
        return -1;
    return (long)t;
}

__attribute__((weak)) long mktime(struct ravel_tm *tm) {
    long t = timegm(tm);
    tm->tm_zone = "UTC";
    return t;
}

__attribute__((weak)) void tzset(void) {}

static const char *const ravel_days[7] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                                          "Saturday"};
static const char *const ravel_months[12] = {"January", "February", "March",     "April",   "May",      "June",
                                              "July",    "August",   "September", "October", "November", "December"};

/* ISO 8601 week-based year of `tm` (week number in *week). */
static long long ravel_iso_year(const struct ravel_tm *tm, int *week) {
    long long y = (long long)tm->tm_year + 1900;
    int wday = (tm->tm_wday + 6) % 7; /* Monday 0 */
    int w = (tm->tm_yday - wday + 10) / 7;
    if (w < 1) {
        y--;
        int prev_yday = tm->tm_yday + 365 + ravel_leap(y);
        w = (prev_yday - wday + 10) / 7;
    } else if (w == 53) {
        int days_in_year = 365 + ravel_leap(y);
        if (tm->tm_yday - wday + 3 >= days_in_year) {
            y++;
            w = 1;
        }
    }
    *week = w;
    return y;
}

__attribute__((weak)) size_t strftime(char *out, size_t max, const char *fmt, const struct ravel_tm *tm) {
    char text[64];
    size_t n = 0;
    for (; *fmt; fmt++) {
        const char *piece = text;
        text[0] = 0;
        if (*fmt != '%') {
            text[0] = *fmt;
            text[1] = 0;
        } else {
            fmt++;
            if (*fmt == 'E' || *fmt == 'O') /* the C locale has no alternative forms */
                fmt++;
            int hour12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12, week;
            long long year = (long long)tm->tm_year + 1900;
            switch (*fmt) {
            case 'a': snprintf(text, sizeof text, "%.3s", ravel_days[tm->tm_wday % 7]); break;
            case 'A': piece = ravel_days[tm->tm_wday % 7]; break;
            case 'b':
            case 'h': snprintf(text, sizeof text, "%.3s", ravel_months[tm->tm_mon % 12]); break;
            case 'B': piece = ravel_months[tm->tm_mon % 12]; break;
            case 'c':
                snprintf(text, sizeof text, "%.3s %.3s %2d %02d:%02d:%02d %lld", ravel_days[tm->tm_wday % 7],
                         ravel_months[tm->tm_mon % 12], tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec, year);
                break;
            case 'C': snprintf(text, sizeof text, "%02lld", year / 100); break;
            case 'd': snprintf(text, sizeof text, "%02d", tm->tm_mday); break;
            case 'D':
                snprintf(text, sizeof text, "%02d/%02d/%02lld", tm->tm_mon + 1, tm->tm_mday, (year % 100 + 100) % 100);
                break;
            case 'e': snprintf(text, sizeof text, "%2d", tm->tm_mday); break;
            case 'F': snprintf(text, sizeof text, "%lld-%02d-%02d", year, tm->tm_mon + 1, tm->tm_mday); break;
            case 'g': snprintf(text, sizeof text, "%02lld", (ravel_iso_year(tm, &week) % 100 + 100) % 100); break;
            case 'G': snprintf(text, sizeof text, "%lld", ravel_iso_year(tm, &week)); break;
            case 'H': snprintf(text, sizeof text, "%02d", tm->tm_hour); break;
            case 'I': snprintf(text, sizeof text, "%02d", hour12); break;
            case 'j': snprintf(text, sizeof text, "%03d", tm->tm_yday + 1); break;
            case 'k': snprintf(text, sizeof text, "%2d", tm->tm_hour); break;
            case 'l': snprintf(text, sizeof text, "%2d", hour12); break;
            case 'm': snprintf(text, sizeof text, "%02d", tm->tm_mon + 1); break;
            case 'M': snprintf(text, sizeof text, "%02d", tm->tm_min); break;
            case 'n': piece = "\n"; break;
            case 'p': piece = tm->tm_hour < 12 ? "AM" : "PM"; break;
            case 'P': piece = tm->tm_hour < 12 ? "am" : "pm"; break;
            case 'r':
                snprintf(text, sizeof text, "%02d:%02d:%02d %s", hour12, tm->tm_min, tm->tm_sec,
                         tm->tm_hour < 12 ? "AM" : "PM");
                break;
            case 'R': snprintf(text, sizeof text, "%02d:%02d", tm->tm_hour, tm->tm_min); break;
            case 's': {
                struct ravel_tm copy = *tm;
                snprintf(text, sizeof text, "%ld", mktime(&copy));
                break;
            }
            case 'S': snprintf(text, sizeof text, "%02d", tm->tm_sec); break;
            case 't': piece = "\t"; break;
            case 'T':
            case 'X': snprintf(text, sizeof text, "%02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec); break;
            case 'u': snprintf(text, sizeof text, "%d", tm->tm_wday ? tm->tm_wday : 7); break;
            case 'U': snprintf(text, sizeof text, "%02d", (tm->tm_yday + 7 - tm->tm_wday) / 7); break;
            case 'V': ravel_iso_year(tm, &week), snprintf(text, sizeof text, "%02d", week); break;
            case 'w': snprintf(text, sizeof text, "%d", tm->tm_wday); break;
            case 'W': snprintf(text, sizeof text, "%02d", (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7); break;
            case 'x':
                snprintf(text, sizeof text, "%02d/%02d/%02lld", tm->tm_mon + 1, tm->tm_mday, (year % 100 + 100) % 100);
                break;
            case 'y': snprintf(text, sizeof text, "%02lld", (year % 100 + 100) % 100); break;
            case 'Y': snprintf(text, sizeof text, "%lld", year); break;
            case 'z': {
                long off = tm->tm_gmtoff;
                char sign = off < 0 ? '-' : '+';
                off = off < 0 ? -off : off;
                snprintf(text, sizeof text, "%c%02ld%02ld", sign, off / 3600, off / 60 % 60);
                break;
            }
            case 'Z': piece = tm->tm_zone ? tm->tm_zone : ""; break;
            case '%': piece = "%"; break;
            default:
                __ravel_unsupported("a strftime conversion ravel does not model (flags, widths or this letter)");
                return 0;
            }
        }
        size_t len = strlen(piece);
        if (n + len >= max)
            return 0;
        memcpy(out + n, piece, len);
        n += len;
    }
    if (n >= max)
        return 0;
    out[n] = 0;
    return n;
}

__attribute__((weak)) char *asctime_r(const struct ravel_tm *tm, char *buf) {
    snprintf(buf, 26, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", ravel_days[tm->tm_wday % 7], ravel_months[tm->tm_mon % 12],
             tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);
    return buf;
}
/* asctime and ctime share one buffer, as in glibc. */
static char ravel_asctime_buf[26];
__attribute__((weak)) char *asctime(const struct ravel_tm *tm) { return asctime_r(tm, ravel_asctime_buf); }
__attribute__((weak)) char *ctime_r(const long *t, char *buf) {
    struct ravel_tm tm;
    return localtime_r(t, &tm) ? asctime_r(&tm, buf) : 0;
}
__attribute__((weak)) char *ctime(const long *t) { return asctime(localtime(t)); }

/* Data reaches the in-memory file system at once, so syncing a descriptor only checks
 * it (EBADF for one that is not open). */
extern int fcntl(int, int, ...);
__attribute__((weak)) int fsync(int fd) { return fcntl(fd, 1 /* F_GETFD */) < 0 ? -1 : 0; }
__attribute__((weak)) int fdatasync(int fd) { return fsync(fd); }
__attribute__((weak)) void sync(void) {}
__attribute__((weak)) int syncfs(int fd) { return fsync(fd); }

/* memset that an optimiser may not drop (the model is never optimised away anyway). */
__attribute__((weak)) void explicit_bzero(void *p, size_t n) { memset(p, 0, n); }

/* prctl: a thread's name (PR_SET_NAME 15, PR_GET_NAME 16: 16 bytes with the NUL) is
 * kept per thread; other options are not modelled and fail with EINVAL. */
static __thread char ravel_thread_name[16];
__attribute__((weak)) int prctl(int option, ...) {
    __builtin_va_list args;
    char *name;
    size_t i;
    __builtin_va_start(args, option);
    name = __builtin_va_arg(args, char *);
    __builtin_va_end(args);
    if (option == 15) {
        for (i = 0; i < 15 && name[i]; i++)
            ravel_thread_name[i] = name[i];
        ravel_thread_name[i] = 0;
        return 0;
    }
    if (option == 16) {
        memcpy(name, ravel_thread_name, 16);
        return 0;
    }
    *__errno_location() = 22;
    return -1;
}
