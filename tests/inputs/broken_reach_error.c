// An SV-COMP-style task whose reach_error lost the __LINE__ argument of its assert(0)
// expansion: the body does not compile, and ravel never runs it anyway.
#include <pthread.h>
extern void __assert_fail(const char *, const char *, unsigned, const char *);
void reach_error() { __assert_fail("0", "broken.c", , __func__); }

int x;

void *writer(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  if (x == 1)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
