/* Radix sort in the style of SPLASH-2's radix (written anew, same structure): the inputs
 * are the largest key value `max_key` and the keys; the number of digit passes is
 * computed from `max_key` as the original computes it (one more per RADIX-fold), so
 * the passes, and with them the synchronisation, depend on an input. Each thread takes
 * its id under a lock, copies its part of the keys, meets the others at a barrier, and
 * then, per pass:
 *   - counts the digits of its keys (a histogram and its running sums, the densities);
 *   - barrier; an up-sweep of a binary prefix tree over the threads: a node's left
 *     child's owner raises the node's flag, its right child's owner waits for the flag,
 *     clears it and sums both children into the node (the flags are semaphores; with
 *     -DPAUSE_FLAGS a mutex, a condition variable and an int, as SPLASH-2's pause
 *     flags);
 *   - barrier; a down-sweep: every thread but the last waits for the flag of the highest
 *     node it owns, copies the totals into it from the node above, and raises the flags
 *     of the left siblings along its path; each thread's first rank per digit is the
 *     count of smaller digits plus the counts of the threads to its left;
 *   - barrier; it scatters its keys into the other buffer by rank; barrier.
 * Main checks the order and prints the largest key. The barrier results are ignored.
 * The keys pass through ravel_abstract_int (ravel.h): their values decide where each key
 * goes, never which synchronisation runs, so the analysis follows them at one value and
 * only `max_key` splits schedules (and `--check` says unknown). With -DSYMBOLIC_KEYS they
 * stay symbolic: the scatter then writes at symbolic addresses in shared memory, which
 * the dpor engine checks for races at one address only, so the answer is unknown.
 * NTHREADS threads (a power of two), NKEYS keys, LOG2_RADIX bits per digit, max_key
 * clamped to [1, MAXKEY]; WORK rounds of arithmetic per key and pass that read no input
 * (raised for native timing).
 * With -DADAPTIVE (the bench's radix+) the number of keys is an input too (the second,
 * clamped to [1, NKEYS]) and, as sorting libraries do, the sort uses one thread per
 * GRAIN keys: the largest power of two up to NTHREADS and the keys' share. How many
 * threads take part, the barrier's count and the tree's width then depend on an input:
 * 1, 2, 4, ... NTHREADS of them, each with its own synchronisation. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef NKEYS
#define NKEYS (2 * NTHREADS)
#endif
#ifndef LOG2_RADIX
#define LOG2_RADIX 2
#endif
#ifndef MAXKEY
#define MAXKEY 63
#endif
#ifndef WORK
#define WORK 1
#endif
#ifndef GRAIN
#define GRAIN 2
#endif
#define RADIX (1 << LOG2_RADIX)

extern int __VERIFIER_nondet_int(void);
#ifdef SYMBOLIC_KEYS
#define KEY(x) (x)
#else
extern int ravel_abstract_int(int x);
#define KEY(x) ravel_abstract_int(x)
#endif

/* A pause flag: raised once, waited for by one thread, which clears it. A semaphore;
 * with -DPAUSE_FLAGS a mutex, a condition variable and an int, as SPLASH-2's PAUSE
 * macros. */
struct flag {
#ifdef PAUSE_FLAGS
    pthread_mutex_t lock;
    pthread_cond_t raised;
    int up;
#else
    sem_t raised;
#endif
};

struct node {
    int densities[RADIX]; /* running sums of the subtree's digit counts */
    int ranks[RADIX];     /* the subtree's digit counts */
    struct flag done;
};

int max_key, passes;
/* The keys sorted and the threads sorting them (a power of two). */
int nkeys = NKEYS, workers = NTHREADS;
int input[NKEYS];
int keys[2][NKEYS];
int final_buffer;
long spent[NTHREADS];
/* Leaves 0..workers-1, then each level's nodes after the level below; the root last. */
struct node tree[2 * NTHREADS];
pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;
int next_id;
pthread_barrier_t barrier;

#ifdef PAUSE_FLAGS
static void init_flag(struct flag *f) {
    pthread_mutex_init(&f->lock, 0);
    pthread_cond_init(&f->raised, 0);
}

static void raise_flag(struct flag *f) {
    pthread_mutex_lock(&f->lock);
    f->up = 1;
    pthread_cond_broadcast(&f->raised);
    pthread_mutex_unlock(&f->lock);
}

/* Waits until `f` is raised, then lowers it for the next pass. */
static void take_flag(struct flag *f) {
    pthread_mutex_lock(&f->lock);
    while (!f->up)
        pthread_cond_wait(&f->raised, &f->lock);
    f->up = 0;
    pthread_mutex_unlock(&f->lock);
}
#else
static void init_flag(struct flag *f) { sem_init(&f->raised, 0, 0); }
static void raise_flag(struct flag *f) { sem_post(&f->raised); }
static void take_flag(struct flag *f) { sem_wait(&f->raised); }
#endif

/* The number of base-RADIX digits of `k`, at least one. */
static int digits_of(int k) {
    int n = 1;
    while ((k /= RADIX) != 0)
        n++;
    return n;
}

/* The node `offset` places from the left on the level whose first node is `base`.
 * Levels halve: after `base` with `level` nodes comes `base + level`. */
static struct node *at(int base, int offset) { return &tree[base + offset]; }

void *sorter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&id_lock);
    int me = next_id++;
    pthread_mutex_unlock(&id_lock);
    int first = me * nkeys / workers, last = (me + 1) * nkeys / workers;
    for (int i = first; i < last; i++)
        keys[0][i] = KEY((int)((unsigned)input[i] % (unsigned)max_key));
    pthread_barrier_wait(&barrier);
    int from = 0, to = 1;
    for (int pass = 0; pass < passes; pass++) {
        int shift = pass * LOG2_RADIX;
        int count[RADIX] = {0}, start[RADIX];
        for (int i = first; i < last; i++) {
            count[(keys[from][i] >> shift) & (RADIX - 1)]++;
            long w = keys[from][i];
            for (long r = 0; r < WORK; r++)
                w = (w * 1103515245 + 12345) & 0xffffff;
            spent[me] += w;
        }
        pthread_barrier_wait(&barrier);

        /* Up-sweep: climb while this thread's position is a right child. */
        struct node *n = &tree[me];
        for (int d = 0, run = 0; d < RADIX; d++) {
            run += count[d];
            n->densities[d] = run;
            n->ranks[d] = count[d];
        }
        int offset = me, level = workers / 2, base = workers;
        if (workers > 1 && (offset & 1) == 0) /* a single thread's leaf is the root */
            raise_flag(&at(base, offset / 2)->done);
        while (offset & 1) {
            struct node *right = n, *left = n - 1;
            offset /= 2;
            n = at(base, offset);
            take_flag(&n->done);
            for (int d = 0; d < RADIX; d++) {
                n->densities[d] = left->densities[d] + right->densities[d];
                n->ranks[d] = left->ranks[d] + right->ranks[d];
            }
            base += level;
            level /= 2;
            if (level > 0 && (offset & 1) == 0)
                raise_flag(&at(base, offset / 2)->done);
        }
        pthread_barrier_wait(&barrier);

        /* Down-sweep: the totals travel from the root to the highest node each thread
         * owns, through the flags of left siblings. */
        struct node *mine = &tree[2 * workers - 2]; /* the last thread reads the root */
        if (me != workers - 1) {
            offset = me, level = workers, base = 0;
            while (offset & 1) {
                offset /= 2;
                base += level;
                level /= 2;
            }
            mine = at(base, offset);
            offset /= 2;
            base += level;
            level /= 2;
            while (offset & 1) {
                offset /= 2;
                base += level;
                level /= 2;
            }
            struct node *above = at(base, offset);
            take_flag(&mine->done);
            for (int d = 0; d < RADIX; d++)
                mine->densities[d] = above->densities[d];
        }
        offset = me, level = workers, base = 0;
        while (offset & 1) {
            raise_flag(&at(base, offset - 1)->done);
            offset /= 2;
            base += level;
            level /= 2;
        }
        /* This thread's first rank per digit: the smaller digits' total, plus the
         * counts of the left siblings along its path (the threads to its left). */
        for (int d = 0; d < RADIX; d++)
            start[d] = d ? mine->densities[d - 1] : 0;
        offset = me, level = workers, base = 0;
        while (offset != 0) {
            if (offset & 1)
                for (int d = 0; d < RADIX; d++)
                    start[d] += at(base, offset - 1)->ranks[d];
            base += level;
            level /= 2;
            offset /= 2;
        }
        pthread_barrier_wait(&barrier);
        for (int i = first; i < last; i++) {
            int d = (keys[from][i] >> shift) & (RADIX - 1);
            keys[to][start[d]++] = keys[from][i];
        }
        from ^= 1;
        to ^= 1;
        pthread_barrier_wait(&barrier);
    }
    if (me == 0)
        final_buffer = from;
    return 0;
}

int main(void) {
    max_key = __VERIFIER_nondet_int();
    if (max_key < 1)
        max_key = 1;
    if (max_key > MAXKEY)
        max_key = MAXKEY;
#ifdef ADAPTIVE
    /* Clamped to [1, NKEYS] by counting, so that each path has a concrete count (and the
     * keys' partitions concrete addresses). */
    int asked = __VERIFIER_nondet_int();
    for (nkeys = 1; nkeys < NKEYS && nkeys < asked;)
        nkeys++;
    int share = (nkeys + GRAIN - 1) / GRAIN;
    for (workers = 1; workers * 2 <= NTHREADS && workers * 2 <= share;)
        workers *= 2;
#endif
    for (int i = 0; i < nkeys; i++)
        input[i] = __VERIFIER_nondet_int();
    passes = digits_of(max_key);
    for (int i = 0; i < 2 * NTHREADS; i++)
        init_flag(&tree[i].done);
    pthread_barrier_init(&barrier, 0, workers);
    pthread_t t[NTHREADS];
    for (int i = 0; i < workers; i++)
        pthread_create(&t[i], 0, sorter, 0);
    for (int i = 0; i < workers; i++)
        pthread_join(t[i], 0);
    int *sorted = keys[final_buffer];
    for (int i = 0; i + 1 < nkeys; i++)
        assert(sorted[i] <= sorted[i + 1]);
    printf("%d\n", sorted[nkeys - 1]);
    return 0;
}
