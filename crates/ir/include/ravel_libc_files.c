/* The file-system part of ravel's libc, appended to ravel_libc.c (whose declarations it
 * uses): the working directory and canonical names, file times from their older
 * interfaces, directory streams, and temporary files. Each is built over the system
 * calls ravel models (crates/vm/src/shims/posix/dirs.rs, attrs.rs), so every step is
 * the same visible operation as the call itself. */
extern int __ravel_getcwd(char *buf, size_t size);
extern int __ravel_realpath(const char *path, char *out);
extern void *realloc(void *, size_t);
extern int unlink(const char *);
extern int mkdir(const char *, unsigned);
extern int fstat(int, void *);
extern long getdents64(int, void *, size_t);
extern int utimensat(int, const char *, const void *, int);
extern int futimens(int, const void *);
extern void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
extern int memcmp(const void *, const void *, size_t);

#define RAVEL_PATH_MAX 4096
#define RAVEL_AT_FDCWD (-100)

/* getcwd: with a null buffer, glibc allocates `size` bytes, or as many as needed when
 * `size` is 0. */
__attribute__((weak)) char *getcwd(char *buf, size_t size) {
    if (buf)
        return __ravel_getcwd(buf, size) == 0 ? buf : 0;
    char *own = malloc(size ? size : RAVEL_PATH_MAX);
    if (!own) {
        *__errno_location() = 12;
        return 0;
    }
    if (__ravel_getcwd(own, size ? size : RAVEL_PATH_MAX) != 0) {
        free(own);
        return 0;
    }
    if (size)
        return own;
    char *fit = realloc(own, strlen(own) + 1);
    return fit ? fit : own;
}
__attribute__((weak)) char *__getcwd_chk(char *buf, size_t size, size_t buflen) {
    (void)buflen;
    return getcwd(buf, size);
}
/* The environment has no PWD, so glibc answers getcwd's name. */
__attribute__((weak)) char *get_current_dir_name(void) { return getcwd(0, 0); }

/* realpath: into `resolved` (PATH_MAX bytes) or a new buffer. */
__attribute__((weak)) char *realpath(const char *path, char *resolved) {
    if (!path) {
        *__errno_location() = 22;
        return 0;
    }
    char *out = resolved ? resolved : malloc(RAVEL_PATH_MAX);
    if (!out) {
        *__errno_location() = 12;
        return 0;
    }
    if (__ravel_realpath(path, out) != 0) {
        if (!resolved)
            free(out);
        return 0;
    }
    return out;
}
__attribute__((weak)) char *__realpath_chk(const char *path, char *resolved, size_t len) {
    (void)len;
    return realpath(path, resolved);
}
__attribute__((weak)) char *canonicalize_file_name(const char *path) { return realpath(path, 0); }

/* File times through utimensat (x86-64 layouts; 32-bit targets stop there). */
struct ravel_timespec2 {
    long sec, nsec;
};
struct ravel_utimbuf {
    long actime, modtime;
};
struct ravel_timeval {
    long sec, usec;
};

/* The timespecs of two timevals; 0 when a microsecond count is out of range. */
static int ravel_from_timevals(const struct ravel_timeval *tv, struct ravel_timespec2 *ts) {
    for (int i = 0; i < 2; i++) {
        if (tv[i].usec < 0 || tv[i].usec >= 1000000) {
            *__errno_location() = 22;
            return 0;
        }
        ts[i].sec = tv[i].sec;
        ts[i].nsec = tv[i].usec * 1000;
    }
    return 1;
}

__attribute__((weak)) int utime(const char *path, const struct ravel_utimbuf *t) {
    if (!t)
        return utimensat(RAVEL_AT_FDCWD, path, 0, 0);
    struct ravel_timespec2 ts[2] = {{t->actime, 0}, {t->modtime, 0}};
    return utimensat(RAVEL_AT_FDCWD, path, ts, 0);
}
__attribute__((weak)) int utimes(const char *path, const struct ravel_timeval *tv) {
    struct ravel_timespec2 ts[2];
    if (!tv)
        return utimensat(RAVEL_AT_FDCWD, path, 0, 0);
    return ravel_from_timevals(tv, ts) ? utimensat(RAVEL_AT_FDCWD, path, ts, 0) : -1;
}
/* No symbolic links are modelled: the link's own times are the file's. */
__attribute__((weak)) int lutimes(const char *path, const struct ravel_timeval *tv) { return utimes(path, tv); }
__attribute__((weak)) int futimes(int fd, const struct ravel_timeval *tv) {
    struct ravel_timespec2 ts[2];
    if (!tv)
        return futimens(fd, 0);
    return ravel_from_timevals(tv, ts) ? futimens(fd, ts) : -1;
}

/* Directory streams over getdents64, whose records have glibc's x86-64 struct dirent
 * layout, so readdir hands out a record in the stream's buffer as glibc does (the next
 * readdir of the stream may reuse it). */
struct ravel_dirent {
    unsigned long d_ino;
    long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
struct ravel_dir {
    int fd;
    /* Where the next record starts in buf, and how many bytes buf holds. */
    size_t pos, len;
    /* d_off of the record readdir returned last (telldir). */
    long last;
    _Alignas(8) char buf[4096];
};

__attribute__((weak)) void *fdopendir(int fd) {
    if (sizeof(long) != 8) {
        __ravel_unsupported("directory streams on a 32-bit target");
        return 0;
    }
    struct {
        unsigned long dev, ino, nlink;
        unsigned mode;
        char rest[116];
    } st;
    if (fstat(fd, &st) != 0)
        return 0;
    if ((st.mode & 0170000) != 0040000) {
        *__errno_location() = 20;
        return 0;
    }
    struct ravel_dir *d = malloc(sizeof *d);
    if (!d) {
        *__errno_location() = 12;
        return 0;
    }
    d->fd = fd;
    d->pos = d->len = 0;
    d->last = 0;
    return d;
}

__attribute__((weak)) void *opendir(const char *name) {
    if (sizeof(long) != 8) {
        __ravel_unsupported("directory streams on a 32-bit target");
        return 0;
    }
    int fd = open(name, 0200000 | 02000000); /* O_RDONLY | O_DIRECTORY | O_CLOEXEC */
    if (fd < 0)
        return 0;
    void *d = fdopendir(fd);
    if (!d)
        close(fd);
    return d;
}

/* The next entry, or null at the end (errno unchanged) or on an error (errno set). */
__attribute__((weak)) struct ravel_dirent *readdir(void *dir) {
    struct ravel_dir *d = dir;
    if (d->pos >= d->len) {
        long n = getdents64(d->fd, d->buf, sizeof d->buf);
        if (n <= 0)
            return 0;
        d->len = (size_t)n;
        d->pos = 0;
    }
    struct ravel_dirent *e = (struct ravel_dirent *)(d->buf + d->pos);
    d->pos += e->d_reclen;
    d->last = e->d_off;
    return e;
}
__attribute__((weak)) struct ravel_dirent *readdir64(void *dir) { return readdir(dir); }

__attribute__((weak)) int readdir_r(void *dir, struct ravel_dirent *entry, struct ravel_dirent **result) {
    int saved = *__errno_location();
    *__errno_location() = 0;
    struct ravel_dirent *e = readdir(dir);
    int error = *__errno_location();
    *__errno_location() = saved;
    if (e)
        memcpy(entry, e, e->d_reclen < sizeof *entry ? e->d_reclen : sizeof *entry);
    *result = e ? entry : 0;
    return e ? 0 : error;
}

__attribute__((weak)) int closedir(void *dir) {
    struct ravel_dir *d = dir;
    int r = close(d->fd);
    free(d);
    return r;
}

__attribute__((weak)) int dirfd(void *dir) { return ((struct ravel_dir *)dir)->fd; }

/* Offsets are entry indices: rewinding lists the directory afresh. */
__attribute__((weak)) void seekdir(void *dir, long loc) {
    struct ravel_dir *d = dir;
    lseek(d->fd, loc, 0);
    d->pos = d->len = 0;
    d->last = loc;
}
__attribute__((weak)) void rewinddir(void *dir) { seekdir(dir, 0); }
__attribute__((weak)) long telldir(void *dir) { return ((struct ravel_dir *)dir)->last; }

__attribute__((weak)) int alphasort(const struct ravel_dirent **a, const struct ravel_dirent **b) {
    /* strcoll in the "C" locale is strcmp. */
    return strcmp((*a)->d_name, (*b)->d_name);
}
__attribute__((weak)) int alphasort64(const struct ravel_dirent **a, const struct ravel_dirent **b) {
    return alphasort(a, b);
}

/* scandir: the entries `keep` accepts (all when null), each in its own allocation, sorted
 * with `cmp` when given; -1 with errno when the directory cannot be read. */
__attribute__((weak)) int scandir(const char *name, struct ravel_dirent ***list,
                                  int (*keep)(const struct ravel_dirent *),
                                  int (*cmp)(const struct ravel_dirent **, const struct ravel_dirent **)) {
    void *d = opendir(name);
    if (!d)
        return -1;
    struct ravel_dirent **all = 0;
    size_t n = 0, cap = 0;
    int saved = *__errno_location();
    *__errno_location() = 0;
    for (struct ravel_dirent *e; (e = readdir(d));) {
        if (keep && !keep(e))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            struct ravel_dirent **more = realloc(all, cap * sizeof *all);
            if (!more)
                break;
            all = more;
        }
        struct ravel_dirent *copy = malloc(e->d_reclen);
        if (!copy)
            break;
        memcpy(copy, e, e->d_reclen);
        all[n++] = copy;
    }
    int error = *__errno_location();
    closedir(d);
    if (error) {
        while (n)
            free(all[--n]);
        free(all);
        *__errno_location() = error;
        return -1;
    }
    *__errno_location() = saved;
    if (cmp)
        qsort(all, n, sizeof *all, (int (*)(const void *, const void *))cmp);
    *list = all;
    return (int)n;
}
__attribute__((weak)) int scandir64(const char *name, struct ravel_dirent ***list,
                                    int (*keep)(const struct ravel_dirent *),
                                    int (*cmp)(const struct ravel_dirent **, const struct ravel_dirent **)) {
    return scandir(name, list, keep, cmp);
}

/* Temporary files: the six X's before a `suffix`-byte suffix of the template take the
 * names aaaaaa, aaaaab, ... in turn until open(O_CREAT | O_EXCL) (or mkdir) makes a new
 * one, as many tries as glibc makes (TMP_MAX). A fixed order, so runs replay; threads
 * making temporary files at once try the same names and the file system orders them. */
static int ravel_mktemp(char *tmpl, int suffix, int flags, int dir) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    size_t len = strlen(tmpl);
    if (suffix < 0 || len < 6 + (size_t)suffix || memcmp(tmpl + len - suffix - 6, "XXXXXX", 6) != 0) {
        *__errno_location() = 22;
        return -1;
    }
    char *x = tmpl + len - suffix - 6;
    for (unsigned long attempt = 0; attempt < 62ul * 62 * 62; attempt++) {
        unsigned long v = attempt;
        for (int k = 5; k >= 0; k--, v /= 62)
            x[k] = letters[v % 62];
        int r = dir ? mkdir(tmpl, 0700) : open(tmpl, (flags & ~3) | 2 | 0100 | 0200, 0600);
        if (r >= 0 || *__errno_location() != 17)
            return r;
    }
    *__errno_location() = 17;
    return -1;
}

__attribute__((weak)) int mkstemp(char *tmpl) { return ravel_mktemp(tmpl, 0, 0, 0); }
__attribute__((weak)) int mkstemp64(char *tmpl) { return ravel_mktemp(tmpl, 0, 0, 0); }
__attribute__((weak)) int mkostemp(char *tmpl, int flags) { return ravel_mktemp(tmpl, 0, flags, 0); }
__attribute__((weak)) int mkostemp64(char *tmpl, int flags) { return ravel_mktemp(tmpl, 0, flags, 0); }
__attribute__((weak)) int mkstemps(char *tmpl, int suffix) { return ravel_mktemp(tmpl, suffix, 0, 0); }
__attribute__((weak)) int mkostemps(char *tmpl, int suffix, int flags) { return ravel_mktemp(tmpl, suffix, flags, 0); }
__attribute__((weak)) char *mkdtemp(char *tmpl) { return ravel_mktemp(tmpl, 0, 0, 1) == 0 ? tmpl : 0; }

/* tmpfile: a file in /tmp (P_tmpdir) opened "w+" whose name is gone at once. */
__attribute__((weak)) void *tmpfile(void) {
    char name[] = "/tmp/tmpfXXXXXX";
    int fd = mkstemp(name);
    if (fd < 0)
        return 0;
    unlink(name);
    void *f = fdopen(fd, "w+");
    if (!f)
        close(fd);
    return f;
}
__attribute__((weak)) void *tmpfile64(void) { return tmpfile(); }
