/* Lamport's fast mutual exclusion, two threads, each enters the critical section once. */
#include <assert.h>
#include <pthread.h>
volatile int x, y, b1, b2, inside;
void *t1(void *arg) {
    for (;;) {
        b1 = 1;
        x = 1;
        if (y != 0) {
            b1 = 0;
            while (y != 0) {}
            continue;
        }
        y = 1;
        if (x != 1) {
            b1 = 0;
            while (b2 >= 1) {}
            if (y != 1) {
                while (y != 0) {}
                continue;
            }
        }
        break;
    }
    inside++;
    assert(inside == 1);
    inside--;
    y = 0;
    b1 = 0;
    return 0;
}
void *t2(void *arg) {
    for (;;) {
        b2 = 1;
        x = 2;
        if (y != 0) {
            b2 = 0;
            while (y != 0) {}
            continue;
        }
        y = 2;
        if (x != 2) {
            b2 = 0;
            while (b1 >= 1) {}
            if (y != 2) {
                while (y != 0) {}
                continue;
            }
        }
        break;
    }
    inside++;
    assert(inside == 1);
    inside--;
    y = 0;
    b2 = 0;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
