/* For input 0 the reader must lock after the setter. The first order of a path (the
 * thread that ran least recently next) and the serial one (threads one after another,
 * in creation order) both run the reader first, so for input 0 every order is explored,
 * the setter-first order serves it, and `--check` says safe. */
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int flag, seen;

void *reader(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    seen = flag;
    pthread_mutex_unlock(&m);
    return 0;
}

void *setter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    int strict = __VERIFIER_nondet_int() == 0;
    pthread_t r, s;
    pthread_create(&r, 0, reader, 0);
    pthread_create(&s, 0, setter, 0);
    pthread_join(r, 0);
    pthread_join(s, 0);
    assert(!strict || seen);
    return 0;
}
