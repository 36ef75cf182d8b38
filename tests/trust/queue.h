/* A queue split over two files, for the multi-file tests of crates/cli/tests/trust.rs. */
struct queue {
    int items[4];
    int count;
};
void q_init(struct queue *q);
void q_push(struct queue *q, int v);
