/* ravel-test
 * run: ok
 * stdout: 0 -> 2 -> 1 -> 0 -> 2 -> 1
 * stdout: 1 -> 2 -> 0 -> 1 -> 2 -> 0
 * stdout: 1 -> 2 -> 1 -> 2
 * stdout: freed 4
 */
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };

static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = head;
    return n;
}

static struct node *reverse(struct node *head) {
    struct node *prev = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static struct node *remove_value(struct node *head, int v) {
    struct node **pp = &head;
    while (*pp) {
        if ((*pp)->value == v) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
        } else {
            pp = &(*pp)->next;
        }
    }
    return head;
}

static void print(const struct node *n) {
    for (; n; n = n->next) printf("%d%s", n->value, n->next ? " -> " : "\n");
}

int main(void) {
    struct node *l = NULL;
    for (int i = 1; i <= 6; i++) l = push(l, i % 3);
    print(l);
    l = reverse(l);
    print(l);
    l = remove_value(l, 0);
    print(l);
    int len = 0;
    while (l) { struct node *n = l->next; free(l); l = n; len++; }
    printf("freed %d\n", len);
    return 0;
}
