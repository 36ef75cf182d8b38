/* ravel-test
 * run: ok
 * stdout: calls 3
 * stdout: table 10 0 30 20
 * stdout: names one two
 * stdout: list 6
 * stdout: Greetings 0.75 123456789 0
 * stdout: write through 99
 */
#include <stdio.h>

static int counter(void) {
    static int calls = 0;
    return ++calls;
}

int table[5] = { 10, 20, 30 };
int *table_ptr = &table[2];
const char *names[] = { "zero", "one", "two" };
const char **name_ptr = &names[1];
struct node { int v; struct node *next; };
struct node n3 = { 3, 0 };
struct node n2 = { 2, &n3 };
struct node n1 = { 1, &n2 };
static char greeting[] = "greetings";
double ratios[] = { 0.5, 0.25 };
long long big_global = 0x123456789LL;
int uninit_global;

int main(void) {
    counter(); counter();
    printf("calls %d\n", counter());
    printf("table %d %d %d %d\n", table[0], table[3], *table_ptr, table_ptr[-1]);
    printf("names %s %s\n", *name_ptr, name_ptr[1]);
    int sum = 0;
    for (struct node *n = &n1; n; n = n->next) sum += n->v;
    printf("list %d\n", sum);
    greeting[0] = 'G';
    printf("%s %.2f %llx %d\n", greeting, ratios[0] + ratios[1], big_global, uninit_global);
    *table_ptr = 99;
    printf("write through %d\n", table[2]);
    return 0;
}
