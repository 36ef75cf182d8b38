//! What `--engine` takes: the engines `ravel_explore` registers, by their names, listed
//! in its help with their one-line descriptions, so that a new engine needs no edit here.

use clap::builder::PossibleValue;
use clap::ValueEnum;
use ravel_explore::EngineKind;
use std::sync::OnceLock;

/// A value of `--engine`: a registered engine, or `naive`, the CLI's alias for dpor
/// exploring every interleaving ([`ravel_explore::DporOptions::naive`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EngineArg {
    pub kind: EngineKind,
    pub naive: bool,
}

impl EngineArg {
    /// The default: the portfolio.
    pub const AUTO: EngineArg = EngineArg { kind: EngineKind::AUTO, naive: false };
}

/// The values in the registry's order, `naive` after dpor.
impl ValueEnum for EngineArg {
    fn value_variants<'a>() -> &'a [Self] {
        static VALUES: OnceLock<Vec<EngineArg>> = OnceLock::new();
        VALUES.get_or_init(|| {
            let engine = |kind| EngineArg { kind, naive: false };
            let naive = EngineArg { kind: EngineKind::DPOR, naive: true };
            EngineKind::all()
                .flat_map(|kind| std::iter::once(engine(kind)).chain((kind == EngineKind::DPOR).then_some(naive)))
                .collect()
        })
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(if self.naive {
            PossibleValue::new("naive").help("Every interleaving (no reduction)")
        } else {
            PossibleValue::new(self.kind.name()).help(help(self.kind))
        })
    }
}

/// An engine's line in `--engine`'s help: its own description, or for an engine whose
/// behaviour flags steer, one that names them (flag names are the CLI's alone).
fn help(kind: EngineKind) -> &'static str {
    match kind {
        EngineKind::STATES => {
            "Explicit states with thread symmetry and thread-count acceleration (finishes on programs that create \
             threads without bound; races need --interleave all)"
        }
        EngineKind::PCT => {
            "Probabilistic concurrency testing: --runs random priority schedules, each finding a bug of --depth d or \
             less with probability at least 1/(n k^(d-1)) for n threads and k steps; never answers safe"
        }
        EngineKind::AUTO => {
            "dpor and the states engine in equal, doubling turns (dpor first), the first answer wins; dpor alone when \
             the flags need what the states engine lacks (races under --interleave sync, --tests, TSO, \
             --preemption-bound, --enforce-out)"
        }
        _ => kind.about(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered engine is a value of `--engine`, under its own name, with a line
    /// of help: registering an engine is all it takes to offer it.
    #[test]
    fn every_engine_is_a_value() {
        for kind in EngineKind::all() {
            let value = EngineArg::from_str(kind.name(), false).expect("a registered engine parses");
            assert!(value == EngineArg { kind, naive: false });
            let help = value.to_possible_value().and_then(|v| v.get_help().map(|h| h.to_string()));
            assert!(help.is_some_and(|h| !h.is_empty()), "{} has no help", kind.name());
        }
    }

    /// The values are the registered engines, in order, and `naive`, dpor exploring
    /// every interleaving, right after dpor.
    #[test]
    fn naive_follows_dpor() {
        let names: Vec<_> = EngineArg::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|v| v.get_name().to_string()))
            .collect();
        let dpor = names.iter().position(|n| n == "dpor").expect("dpor is a value");
        assert_eq!(names[dpor + 1], "naive");
        let engines: Vec<_> = names.iter().filter(|n| *n != "naive").map(String::as_str).collect();
        assert_eq!(engines, EngineKind::all().map(EngineKind::name).collect::<Vec<_>>());
        let naive = EngineArg::from_str("naive", false).expect("naive parses");
        assert!(naive == EngineArg { kind: EngineKind::DPOR, naive: true });
    }
}
