/* Pointer chasing: a singly linked list of heap nodes linked in a shuffled order,
 * walked many times, then a binary search tree of heap nodes built and searched.
 * Every step loads a pointer that the next step dereferences. */
#include <stdio.h>
#include <stdlib.h>

#define NODES 20000
#define WALKS 40
#define TREE_KEYS 30000
#define LOOKUPS 100000

struct node {
    struct node *next;
    unsigned value;
};

struct tree {
    struct tree *left, *right;
    unsigned key;
    unsigned hits;
};

static unsigned lcg_state = 7u;
static unsigned lcg(void) {
    lcg_state = lcg_state * 1103515245u + 12345u;
    return lcg_state >> 1;
}

static struct tree *tree_insert(struct tree *root, unsigned key) {
    struct tree **at = &root;
    while (*at) {
        if (key == (*at)->key)
            return root;
        at = key < (*at)->key ? &(*at)->left : &(*at)->right;
    }
    struct tree *t = malloc(sizeof *t);
    t->left = t->right = NULL;
    t->key = key;
    t->hits = 0;
    *at = t;
    return root;
}

static struct tree *tree_find(struct tree *t, unsigned key) {
    while (t && t->key != key)
        t = key < t->key ? t->left : t->right;
    return t;
}

static void tree_free(struct tree *t) {
    if (!t)
        return;
    tree_free(t->left);
    tree_free(t->right);
    free(t);
}

int main(void) {
    struct node **nodes = malloc(sizeof *nodes * NODES);
    for (unsigned i = 0; i < NODES; i++) {
        nodes[i] = malloc(sizeof **nodes);
        nodes[i]->value = i * 2654435761u;
    }
    for (unsigned i = NODES - 1; i > 0; i--) {
        unsigned j = lcg() % (i + 1);
        struct node *tmp = nodes[i];
        nodes[i] = nodes[j];
        nodes[j] = tmp;
    }
    for (unsigned i = 0; i + 1 < NODES; i++)
        nodes[i]->next = nodes[i + 1];
    nodes[NODES - 1]->next = NULL;

    unsigned list_sum = 0;
    for (unsigned w = 0; w < WALKS; w++)
        for (struct node *n = nodes[0]; n; n = n->next)
            list_sum = (list_sum ^ n->value) + w;

    struct tree *root = NULL;
    for (unsigned i = 0; i < TREE_KEYS; i++)
        root = tree_insert(root, lcg() % (TREE_KEYS * 4));
    unsigned found = 0, hits = 0;
    for (unsigned i = 0; i < LOOKUPS; i++) {
        struct tree *t = tree_find(root, lcg() % (TREE_KEYS * 4));
        if (t) {
            found++;
            hits += ++t->hits;
        }
    }

    tree_free(root);
    for (unsigned i = 0; i < NODES; i++)
        free(nodes[i]);
    free(nodes);
    printf("list=%08x found=%u hits=%u\n", list_sum, found, hits);
    printf("checksum %08x\n", list_sum ^ found ^ hits);
    return 0;
}
