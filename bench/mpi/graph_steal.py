"""Work stealing of graph subtrees on R ranks, replayed from the graph engine's tree of
graphs (`ravel check --engine graph -j 1 --job-log LOG`: per graph its parent, its
thread CPU seconds, its events; `bench/mpi/simulate` calls this for such a log).

The model, as `crates/explore/src/trust/steal.rs` and `remote.rs` explore:
  * Each rank is one explorer with a stack of pending graphs; it visits the top one
    (depth first: its children are pushed so that the first visited is on top) and pays
    that graph's measured work.
  * A rank with an empty stack is hungry; the others learn it one --latency later. A rank
    that finishes a graph (the only place it looks) while a known hungry rank waits and
    it has two pending graphs or more gives away its bottom one (the shallowest, the one
    it would visit last): the gift arrives after --latency plus its bytes (the graph's
    events times the measured bytes per event) over --bandwidth.
  * By default any rank gives to any rank directly (what threads do). --broker routes a
    helper rank's gifts through rank 0 (what remote.rs does): rank 0 asks the helper one
    latency after it learns of the hunger, and the gift takes two hops. --local lets only
    rank 0 give to other ranks, a helper rank's graphs staying on it.
  * Nothing is committed in order: a subtree's record goes to rank 0 at the end, one
    latency; rank 0's merge is taken as free (it costs well under a microsecond a graph).
What it leaves out: the operating system, memory, MPI progress, contention; graphs of a
rank's threads sharing its cores. Work is CPU time as measured (a loaded machine
inflates it alike for every rank count).
"""

import heapq


def load_tree(record):
    parents = record["parents"]
    children = [[] for _ in parents]
    for i, p in enumerate(parents):
        if p is not None:
            children[p].append(i)
    return record["work"], children, record["events"], record["gift_bytes_per_event"]


def bounds(work, children):
    """The total work, and the heaviest root-to-leaf path (no number of ranks goes below)."""
    path = [0.0] * len(work)
    for i in reversed(range(len(work))):
        path[i] = work[i] + max((path[c] for c in children[i]), default=0.0)
    return sum(work), path[0] if work else 0.0


def simulate(tree, ranks, latency, bandwidth, local=False, broker=False):
    """Wall seconds of the tree on `ranks` ranks; each rank's busy seconds; gifts."""
    work, children, events, bytes_per_event = tree
    stacks = [[] for _ in range(ranks)]
    busy = [0.0] * ranks
    events_q = []  # (time, seq, kind, rank, node)
    seq = 0
    hungry = []  # (known from, rank)
    gifts = 0
    end = 0.0

    def push(t, kind, r, node):
        nonlocal seq
        seq += 1
        heapq.heappush(events_q, (t, seq, kind, r, node))

    def start(r, node, t):
        busy[r] += work[node]
        push(t + work[node], "done", r, node)

    start(0, 0, 0.0)
    for r in range(1, ranks):
        heapq.heappush(hungry, (latency, r))
    while events_q:
        t, _, kind, r, node = heapq.heappop(events_q)
        end = max(end, t)
        if kind == "gift":
            start(r, node, t)
            continue
        stack = stacks[r]
        stack.extend(reversed(children[node]))
        can_give = not local or r == 0
        # Through rank 0: the helper learns of the hunger one hop later, the gift takes two.
        hops = 2 if broker and r != 0 else 1
        while can_give and hungry and hungry[0][0] + (hops - 1) * latency <= t and len(stack) >= 2:
            _, thief = heapq.heappop(hungry)
            gift = stack.pop(0)
            gifts += 1
            push(t + hops * (latency + events[gift] * bytes_per_event / bandwidth), "gift", thief, gift)
        if stack:
            start(r, stack.pop(), t)
        else:
            heapq.heappush(hungry, (t + latency, r))
    # The last records reach rank 0.
    return end + (latency if ranks > 1 else 0.0), busy, gifts


def report(record, ranks_list, latency, bandwidth, local, broker, measured):
    tree = load_tree(record)
    work, children, events, bpe = tree
    total, critical = bounds(work, children)
    width = max_width(children)
    print(f"# graph tree: {len(work)} graphs, work {total:.3f} s (thread CPU), heaviest path {critical:.4f} s "
          f"(no rank count beats {total / critical:.0f}x), widest level {width} graphs")
    print(f"# gifts: {bpe:.0f} B per event, {sum(events) / len(events):.0f} events per graph on average; "
          f"latency {1e6 * latency:.0f} us, bandwidth {bandwidth / 1e9:g} GB/s"
          f"{', only rank 0 gives to other ranks' if local else ''}{', through rank 0' if broker else ''}")
    if measured:
        print("# validation (threads: no latency)   simulated   measured")
        for r, secs in measured.items():
            sim = simulate(tree, int(r), 0.0, float("inf"), local, broker)[0]
            print(f"#   R={r:<3} vs -j {r:<3}                 {sim:9.3f} s {float(secs):9.3f} s")
    print(f"{'ranks':>5} {'wall s':>9} {'speedup':>8} {'rank0 busy':>10} {'helpers idle':>12} {'gifts':>8}")
    for r in ranks_list:
        end, busy, gifts = simulate(tree, r, latency, bandwidth, local, broker)
        idle = 1 - sum(busy[1:]) / ((r - 1) * end) if r > 1 else 0.0
        print(f"{r:>5} {end:9.3f} {total / end:8.2f} {100 * busy[0] / end:9.1f}% {100 * idle:11.1f}% {gifts:8}")


def max_width(children):
    level, width = [0], 1
    while level:
        level = [c for n in level for c in children[n]]
        width = max(width, len(level))
    return width
