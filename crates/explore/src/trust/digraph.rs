//! Orders over a graph's events given by few edges, for axioms that only ask for
//! acyclicity: a relation may be given by any relation with the same transitive closure
//! (program order by each event's successor, coherence by each write's next one), so the
//! check is linear in the events where bit matrices are quadratic to build.

use super::graph::{Graph, Label, Pos, Source};

/// A directed graph over a graph's events, numbered densely.
pub(crate) struct Digraph {
    offsets: Vec<u32>,
    n: usize,
    edges: Vec<(u32, u32)>,
}

impl Digraph {
    /// No edges yet.
    pub fn over(g: &Graph) -> Digraph {
        let mut offsets = Vec::with_capacity(g.threads.len());
        let mut n = 0;
        for evs in &g.threads {
            offsets.push(n as u32);
            n += evs.len();
        }
        Digraph { offsets, n, edges: Vec::with_capacity(3 * n) }
    }

    pub fn id(&self, p: Pos) -> u32 {
        self.offsets[p.thread as usize] + p.index
    }

    pub fn add(&mut self, a: Pos, b: Pos) {
        let edge = (self.id(a), self.id(b));
        self.edges.push(edge);
    }

    /// Each event before the next of its thread.
    pub fn add_program_order(&mut self, g: &Graph) {
        for (t, evs) in g.threads.iter().enumerate() {
            for i in 1..evs.len() as u32 {
                let thread = t as u32;
                self.add(Pos { thread, index: i - 1 }, Pos { thread, index: i });
            }
        }
    }

    /// A thread's creation before its first event, a thread's end before its join.
    pub fn add_thread_order(&mut self, g: &Graph) {
        for (t, evs) in g.threads.iter().enumerate() {
            if let (Some(spawn), false) = (g.parent[t], evs.is_empty()) {
                self.add(spawn, Pos { thread: t as u32, index: 0 });
            }
            for (i, e) in evs.iter().enumerate() {
                if let Label::Join(child) = e.label {
                    if let Some(last) = g.threads[child as usize].len().checked_sub(1) {
                        self.add(Pos { thread: child, index: last as u32 }, Pos { thread: t as u32, index: i as u32 });
                    }
                }
            }
        }
    }

    /// Coherence, from-reads (each read before the write after the one it reads) and the
    /// reads-from edges `rf` accepts.
    pub fn add_communication(&mut self, g: &Graph, rf: impl Fn(Pos, Pos) -> bool) {
        // Each write's successor in coherence order, by number.
        let mut next = vec![u32::MAX; self.n];
        for writes in g.co.values() {
            for pair in writes.windows(2) {
                self.add(pair[0], pair[1]);
                next[self.id(pair[0]) as usize] = self.id(pair[1]);
            }
        }
        for (r, e) in g.events() {
            let Label::Read { loc, rf: source, .. } = e.label else { continue };
            let after = match source {
                Source::Write(w) => {
                    if rf(w, r) {
                        self.add(w, r);
                    }
                    next[self.id(w) as usize]
                }
                Source::Init => g.writes(loc).first().map_or(u32::MAX, |&w| self.id(w)),
            };
            if after != u32::MAX {
                self.edges.push((self.id(r), after));
            }
        }
    }

    /// Which events (by number) reach `target` by the edges without going through
    /// `avoid`: what an event after `target` would close a cycle with.
    pub fn reaching(&self, target: Pos, avoid: Pos) -> Vec<bool> {
        let (target, avoid) = (self.id(target), self.id(avoid));
        let (start, sources) = self.adjacency(|(a, b)| (b, a));
        let mut reached = vec![false; self.n];
        reached[target as usize] = true;
        let mut todo = vec![target];
        while let Some(b) = todo.pop() {
            for &a in &sources[start[b as usize] as usize..start[b as usize + 1] as usize] {
                if a != avoid && !reached[a as usize] {
                    reached[a as usize] = true;
                    todo.push(a);
                }
            }
        }
        reached
    }

    /// The edges grouped by their first end after `orient` (compressed rows): the
    /// neighbours of `x` are `list[start[x]..start[x + 1]]`.
    fn adjacency(&self, orient: impl Fn((u32, u32)) -> (u32, u32)) -> (Vec<u32>, Vec<u32>) {
        let mut start = vec![0u32; self.n + 1];
        for &edge in &self.edges {
            start[orient(edge).0 as usize + 1] += 1;
        }
        for i in 0..self.n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut list = vec![0u32; self.edges.len()];
        for &edge in &self.edges {
            let (x, y) = orient(edge);
            list[fill[x as usize] as usize] = y;
            fill[x as usize] += 1;
        }
        (start, list)
    }

    /// Whether the edges form no cycle (Kahn's algorithm).
    pub fn acyclic(&self) -> bool {
        let (start, targets) = self.adjacency(|edge| edge);
        let mut incoming = vec![0u32; self.n];
        for &(_, b) in &self.edges {
            incoming[b as usize] += 1;
        }
        let mut ready: Vec<u32> = (0..self.n as u32).filter(|&b| incoming[b as usize] == 0).collect();
        let mut peeled = 0;
        while let Some(a) = ready.pop() {
            peeled += 1;
            for &b in &targets[start[a as usize] as usize..start[a as usize + 1] as usize] {
                incoming[b as usize] -= 1;
                if incoming[b as usize] == 0 {
                    ready.push(b);
                }
            }
        }
        peeled == self.n
    }
}
