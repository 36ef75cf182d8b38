/* ravel-test
 * a ticket lock from x86 inline assembly: `lock; xaddl` draws a ticket (liburcu's operand
 * order), `lock; incl` serves the next one; two threads increment a counter under it.
 * run: ok
 * stdout: tickets 2 served 2 counter 2
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
static int next_ticket, now_serving, counter;
static int fetch_add(int *p, int v) {
    __asm__ __volatile__("lock; xaddl %1, %0" : "+m"(*p), "+r"(v) : : "memory");
    return v;
}
static void increment(int *p) { __asm__ __volatile__("lock; incl %0" : "=m"(*p) : : "memory"); }
static void *worker(void *arg) {
    (void)arg;
    int mine = fetch_add(&next_ticket, 1);
    while (__atomic_load_n(&now_serving, __ATOMIC_ACQUIRE) != mine)
        __asm__ __volatile__("rep; nop");
    counter++;
    increment(&now_serving);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("tickets %d served %d counter %d\n", next_ticket, now_serving, counter);
    assert(counter == 2);
    return 0;
}
