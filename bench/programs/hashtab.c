/* Strings and structs: a chained hash table keyed by heap strings.
 * Builds keys by hand, counts occurrences, looks up, deletes, frees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 4096
#define NOPS 400000
#define KEYSPACE 20000

struct entry {
    char *key;
    unsigned count;
    unsigned value;
    struct entry *next;
};

struct table {
    struct entry *buckets[NBUCKETS];
    unsigned size;
};

static unsigned lcg_state = 2024u;
static unsigned lcg(void) {
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

static unsigned hash_str(const char *s) {
    unsigned h = 5381u;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h;
}

/* writes "word-<n>-<suffix>" into buf */
static void make_key(char *buf, unsigned n) {
    static const char *prefixes[] = {"alpha", "beta", "gamma", "delta", "omega"};
    const char *p = prefixes[n % 5];
    size_t len = strlen(p);
    memcpy(buf, p, len);
    buf[len++] = '-';
    char digits[16];
    int nd = 0;
    do {
        digits[nd++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (nd > 0)
        buf[len++] = digits[--nd];
    buf[len] = '\0';
}

static struct entry *find(struct table *t, const char *key, unsigned h) {
    for (struct entry *e = t->buckets[h % NBUCKETS]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static void insert(struct table *t, const char *key, unsigned value) {
    unsigned h = hash_str(key);
    struct entry *e = find(t, key, h);
    if (e) {
        e->count++;
        e->value ^= value;
        return;
    }
    e = malloc(sizeof *e);
    size_t len = strlen(key);
    e->key = malloc(len + 1);
    memcpy(e->key, key, len + 1);
    e->count = 1;
    e->value = value;
    e->next = t->buckets[h % NBUCKETS];
    t->buckets[h % NBUCKETS] = e;
    t->size++;
}

static int remove_key(struct table *t, const char *key) {
    unsigned h = hash_str(key);
    struct entry **pp = &t->buckets[h % NBUCKETS];
    while (*pp) {
        struct entry *e = *pp;
        if (strcmp(e->key, key) == 0) {
            *pp = e->next;
            free(e->key);
            free(e);
            t->size--;
            return 1;
        }
        pp = &e->next;
    }
    return 0;
}

int main(void) {
    struct table *t = calloc(1, sizeof *t);
    if (!t)
        return 1;
    char key[64];
    for (unsigned i = 0; i < NOPS; i++) {
        make_key(key, lcg() % KEYSPACE);
        insert(t, key, i);
    }
    unsigned hits = 0, vsum = 0;
    for (unsigned i = 0; i < NOPS / 2; i++) {
        make_key(key, lcg() % (KEYSPACE * 2));
        struct entry *e = find(t, key, hash_str(key));
        if (e) {
            hits++;
            vsum += e->value + e->count;
        }
    }
    unsigned removed = 0;
    for (unsigned n = 0; n < KEYSPACE; n += 3) {
        make_key(key, n);
        removed += (unsigned)remove_key(t, key);
    }
    unsigned check = 0, longest = 0;
    for (unsigned b = 0; b < NBUCKETS; b++) {
        unsigned chain = 0;
        struct entry *e = t->buckets[b];
        while (e) {
            struct entry *next = e->next;
            check += hash_str(e->key) ^ (e->count * 2654435761u) ^ e->value;
            chain++;
            free(e->key);
            free(e);
            e = next;
        }
        if (chain > longest)
            longest = chain;
    }
    printf("size-after-removal=%u hits=%u removed=%u longest=%u vsum=%u\n",
           t->size, hits, removed, longest, vsum);
    printf("checksum %08x\n", check);
    free(t);
    return 0;
}
