//! SV-COMP properties: which errors violate them, how they set up an exploration, and
//! the answer (TRUE, FALSE, UNKNOWN) an outcome gives.

use ravel_explore::{Options, Outcome, Verdict};
use ravel_vm::{ErrorKind, Granularity};

/// The SV-COMP properties ravel can decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    UnreachCall,
    NoDataRace,
    Other,
}

impl Property {
    /// The property a `.prp` text (or a witness's `specification`) states.
    pub fn from_text(text: &str) -> Property {
        if text.contains("call(reach_error())") || text.contains("call(__VERIFIER_error())") {
            Property::UnreachCall
        } else if text.contains("data-race") {
            Property::NoDataRace
        } else {
            Property::Other
        }
    }

    /// Errors that only end their execution under this property: with races only, a
    /// call of the error function or a failed assert aborts the program.
    fn ends_only(self) -> Vec<ErrorKind> {
        match self {
            Property::NoDataRace => vec![ErrorKind::ReachError, ErrorKind::AssertionFailure],
            Property::UnreachCall | Property::Other => Vec::new(),
        }
    }

    /// Whether an error of this kind violates the property.
    pub fn violated_by(self, kind: ErrorKind) -> bool {
        match self {
            Property::UnreachCall => kind == ErrorKind::ReachError,
            Property::NoDataRace => kind == ErrorKind::DataRace,
            Property::Other => false,
        }
    }
}

/// The SV-COMP answer for an outcome.
pub fn svcomp_answer(property: Property, outcome: &Outcome) -> &'static str {
    if property == Property::Other {
        return "UNKNOWN";
    }
    if outcome.errors.iter().any(|e| property.violated_by(e.error.kind)) {
        return "FALSE";
    }
    // A deadlock ends its execution without violating either property, and so does a call
    // of the error function or a failed assert when only races matter (both abort the
    // program); any other error is undefined behaviour after which the property cannot be
    // judged.
    let ends_cleanly = |kind: ErrorKind| kind == ErrorKind::Deadlock || property.ends_only().contains(&kind);
    let benign = outcome.errors.iter().all(|e| ends_cleanly(e.error.kind));
    let complete =
        outcome.verdict == Verdict::Safe || (outcome.verdict == Verdict::Unsafe && outcome.incomplete.is_none());
    if benign && complete {
        "TRUE"
    } else {
        "UNKNOWN"
    }
}

/// Options for a property: SV-COMP tasks assume every shared access is a scheduling point.
pub fn property_options(property: Property, mut opts: Options) -> Options {
    opts.granularity = Granularity::All;
    opts.detect_races = property == Property::NoDataRace;
    opts.strict_pthread = false;
    opts.abort_ends_path = true;
    opts.deadlocks_are_errors = false;
    // POSIX lets a condition-variable wait return without a signal, and SV-COMP tasks
    // (`pthread-divine`) count on it.
    opts.spurious_wakeups = true;
    // Other errors end their execution; keep going until the property's own violation.
    opts.all_errors = true;
    opts.stop_at = match property {
        Property::UnreachCall => vec![ErrorKind::ReachError],
        Property::NoDataRace => vec![ErrorKind::DataRace],
        Property::Other => Vec::new(),
    };
    opts.ends_only = property.ends_only();
    opts
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_explore::{FoundError, Unknown, Witness};
    use ravel_vm::ProgramError;

    fn outcome(kinds: &[ErrorKind], incomplete: Option<Unknown>) -> Outcome {
        let errors: Vec<FoundError> = kinds
            .iter()
            .map(|&kind| FoundError {
                error: ProgramError::at(kind, String::new(), 0, Default::default()),
                witness: Witness::default(),
                trace: Vec::new(),
            })
            .collect();
        let verdict = match (errors.is_empty(), &incomplete) {
            (false, _) => Verdict::Unsafe,
            (true, Some(why)) => Verdict::Unknown(why.clone()),
            (true, None) => Verdict::Safe,
        };
        Outcome {
            verdict,
            errors,
            stats: Default::default(),
            incomplete,
            tests: Vec::new(),
            sym: None,
            notes: Vec::new(),
        }
    }

    #[test]
    fn answers_follow_the_property() {
        let reach = outcome(&[ErrorKind::ReachError], None);
        assert_eq!(svcomp_answer(Property::UnreachCall, &reach), "FALSE");
        // Only races matter: reaching the error function just aborts the program.
        assert_eq!(svcomp_answer(Property::NoDataRace, &reach), "TRUE");
        let assert_failed = outcome(&[ErrorKind::AssertionFailure, ErrorKind::Deadlock], None);
        assert_eq!(svcomp_answer(Property::NoDataRace, &assert_failed), "TRUE");
        assert_eq!(svcomp_answer(Property::UnreachCall, &assert_failed), "UNKNOWN");
        // Undefined behaviour leaves either property undecided, and so does a partial search.
        let oob = outcome(&[ErrorKind::OutOfBounds], None);
        assert_eq!(svcomp_answer(Property::NoDataRace, &oob), "UNKNOWN");
        let partial = outcome(&[ErrorKind::ReachError], Some(Unknown::Time));
        assert_eq!(svcomp_answer(Property::NoDataRace, &partial), "UNKNOWN");
        assert_eq!(svcomp_answer(Property::NoDataRace, &outcome(&[ErrorKind::DataRace], None)), "FALSE");
        assert_eq!(svcomp_answer(Property::UnreachCall, &outcome(&[], None)), "TRUE");
    }
}
