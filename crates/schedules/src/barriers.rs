//! Whether a program's barrier waits may run in any order: the only thing the order of
//! arrivals at a barrier decides is which thread `pthread_barrier_wait` returns
//! `PTHREAD_BARRIER_SERIAL_THREAD` to (the last one). When the program ignores every
//! result, the state after the barrier does not depend on the order (what the threads did
//! before it is ordered before every departure), so the schedules need not order barrier
//! waits and the native runtime, which cannot order them, need not either.

use crate::ir_text::functions;

/// Whether no result of a `pthread_barrier_wait` call in the textual IR `text` is used.
pub fn results_ignored(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    functions(&lines).iter().all(|f| {
        let (first, last) = (f.blocks.first().map_or(0, |b| b.start), f.blocks.last().map_or(0, |b| b.end));
        let body = &lines[first..last];
        body.iter().filter(|l| l.contains("@pthread_barrier_wait(")).all(|l| {
            let Some(name) = l.trim_start().strip_prefix('%').and_then(|r| r.split(" = ").next()) else { return true };
            let used = |other: &str| {
                other.match_indices(&format!("%{name}")).any(|(i, m)| {
                    let after = other[i + m.len()..].chars().next();
                    !after.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_')
                })
            };
            !body.iter().filter(|o| !std::ptr::eq(*o, l)).any(|o| used(o))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn func(body: &str) -> String {
        format!("define void @w() {{\nentry:\n{body}  ret void\n}}\n")
    }

    #[test]
    fn an_unused_result_is_ignored_a_compared_one_is_not() {
        let ignored = func("  %call = call i32 @pthread_barrier_wait(ptr @b)\n  %call1 = call i32 @f()\n");
        assert!(results_ignored(&ignored));
        let used = func("  %call = call i32 @pthread_barrier_wait(ptr @b)\n  %c = icmp eq i32 %call, -1\n");
        assert!(!results_ignored(&used));
    }
}
