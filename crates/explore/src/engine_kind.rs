//! Engines by kind: a handle on an entry of the registry (`ENGINES` in `lib.rs`), so that
//! options, outcomes and the CLI name an engine without naming its code, and a new engine
//! needs nothing here: its name, its one-line description and what it lacks are its own.

use std::fmt;

/// Which exploration algorithm [`crate::check`] runs: one of the registered engines.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EngineKind(usize);

impl EngineKind {
    /// Optimal dynamic partial-order reduction (or every interleaving, see
    /// [`crate::DporOptions::naive`]).
    pub const DPOR: EngineKind = EngineKind::named("dpor");
    /// Unfolding-based partial-order reduction with cutoff events (finishes on programs
    /// that loop forever over finitely many states).
    pub const UNFOLD: EngineKind = EngineKind::named("unfold");
    /// Explicit-state search with thread symmetry and thread-count acceleration (finishes
    /// on programs that create threads without bound over finitely many local states).
    pub const STATES: EngineKind = EngineKind::named("states");
    /// Probabilistic concurrency testing: random priority schedules that find a bug of a
    /// given depth with a known probability per run; never `safe`.
    pub const PCT: EngineKind = EngineKind::named("pct");
    /// Execution graphs (TruSt), the engine of axiomatic memory models (RC11).
    pub const GRAPH: EngineKind = EngineKind::named("graph");
    /// A portfolio of dpor and the states engine (see `portfolio.rs`).
    pub const AUTO: EngineKind = EngineKind::named("auto");

    /// The registered engines, in the registry's order.
    pub fn all() -> impl Iterator<Item = EngineKind> {
        (0..crate::ENGINES.len()).map(EngineKind)
    }

    /// The engine's name, as `--engine` spells it.
    pub fn name(self) -> &'static str {
        self.registration().name
    }

    /// What the engine does, in one line.
    pub fn about(self) -> &'static str {
        self.registration().about
    }

    /// Its entry in the registry.
    pub(crate) fn registration(self) -> &'static crate::Registration {
        &crate::ENGINES[self.0]
    }

    /// The registered engine named `name`: a constant naming none fails to compile.
    const fn named(name: &str) -> EngineKind {
        let mut i = 0;
        while i < crate::ENGINES.len() {
            if same(crate::ENGINES[i].name.as_bytes(), name.as_bytes()) {
                return EngineKind(i);
            }
            i += 1;
        }
        panic!("no engine of this name is registered")
    }
}

/// Whether two byte strings are equal, at compile time.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// By name: an index means nothing to a reader.
impl fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EngineKind({})", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::EngineKind;

    /// Names are how `--engine`, reports and [`EngineKind::named`] tell engines apart.
    #[test]
    fn names_are_distinct() {
        let names: Vec<_> = EngineKind::all().map(EngineKind::name).collect();
        let mut distinct = names.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(names.len(), distinct.len(), "{names:?}");
    }

    /// Each constant is the engine of its name.
    #[test]
    fn constants_name_their_engines() {
        let named = [
            (EngineKind::DPOR, "dpor"),
            (EngineKind::UNFOLD, "unfold"),
            (EngineKind::STATES, "states"),
            (EngineKind::PCT, "pct"),
            (EngineKind::AUTO, "auto"),
        ];
        for (kind, name) in named {
            assert_eq!(kind.name(), name);
        }
    }
}
