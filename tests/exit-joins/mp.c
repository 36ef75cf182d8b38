/* message passing: data then flag; the reader checks the data when it sees the flag */
#include <assert.h>
#include <pthread.h>
int data, flag;
void *writer(void *p) { data = 42; flag = 1; return p; }
void *reader(void *p) {
    if (flag) assert(data == 42);
    return p;
}
int main(void) {
    pthread_t p, q;
    pthread_create(&p, 0, writer, 0);
    pthread_create(&q, 0, reader, 0);
#ifdef JOIN
    pthread_join(p, 0);
    pthread_join(q, 0);
#endif
    return 0;
}
