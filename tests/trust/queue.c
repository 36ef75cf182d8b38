#include "queue.h"
void q_init(struct queue *q) { q->count = 0; }
void q_push(struct queue *q, int v) {
    q->items[q->count % 4] = v;
    q->count++;
}
