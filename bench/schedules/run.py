#!/usr/bin/env python3
"""ravel schedules benchmark, in the shape of Bergan's Tables 3.1/3.2/3.5: for each of our
own programs in the style of the dissertation's benchmarks and each thread count, the
epochs, schedules per epoch (schedule sets: one per schedule of the epoch before;
min/max/avg size), total schedules (those some input selects), the orders the
enumeration found (before the never-selected ones were dropped; in total, and per epoch
built: min/max/avg), those in distinct sets (a set equal to another
at the same epoch, constraints and epochs below included, counts once), infeasible and deadlocking ones, the analysis time,
the executions (run to the end, and joined: stopped at an epoch-start state another
path explored), the selector's size (expression nodes n, decision-tree nodes t over all epochs,
the deepest path's tests d), and the native time of the program
built with `ravel enforce build --schedules`, enforced (inputs select a schedule) against
the same binary unconstrained (RAVEL_SCHEDULES= ), median of RUNS runs, every input 2
(radix: 63, three digit passes).

*explored*: `path` when the exploration followed one thread order per path of the inputs'
choices (ravel's default), `path+ser` when some path's order failed and the inputs of
the failing paths were explored again with the threads one after another (which served
them), `path+all` when that failed too and every order was explored for the inputs
still failing, `all` when it explored every order (`--all-orders`); `/pN` says the schedules are prefix schedules (`--prefix N`: only
an epoch's first N synchronisation operations are ordered, the run is free after them,
and `--check` would say unknown); a trailing `~` says values were made abstract (ravel_abstract_int:
followed at one value; the set covers every input only if no synchronisation depends on
them, and `--check` says unknown). radix's keys are abstract; `forkjoin~` is forkjoin
with its options abstract (-DABSTRACT_OPTIONS). The `+` variants of the pools have as many tasks as threads
(MAXTASKS=NTHREADS), so the inputs that decide the synchronisation grow with the threads;
their timed runs get every input equal to the thread count (every task exists and
matches). `radix+` is radix with -DADAPTIVE: the number of keys is an input and the
sort uses as many threads (a power of two up to the thread count) as the keys allow,
so how many threads synchronise depends on an input; its timed runs get every input
63 (every key, every thread, three passes). `commands` is a command server whose refund command takes two locks in the
other order (some orders deadlock): its first orders fail for the refund's inputs only.

The schedules are computed with WORK=1 (the per-task arithmetic loops, which neither
synchronise nor read inputs); the timed binaries are built with -DWORK=TIMED_WORK so the
runs take measurable time. The loops change neither the synchronisation events nor the
input constraints, so the schedule file applies to them unchanged.

Usage: bench/schedules/run.py [--runs N] [--threads 2,4,8] [--analysis-timeout S] [--ravel PATH] [--no-join] [--all-orders] [--prefix N] [program ...]
"""
import argparse, importlib.util, json, os, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["forkjoin", "forkjoin~", "taskpool", "taskpool+", "pfscan", "pfscan+", "phases", "lu", "barrier", "radix", "radix+", "commands"]


def defines(prog, threads):
    """The source file of `prog` and its -D flags with `threads` threads (a `+` variant
    has as many tasks as threads; `forkjoin~` passes its options through ravel_abstract_int)."""
    flags = [f"-DNTHREADS={threads}"]
    if prog == "radix+":
        flags.append("-DADAPTIVE")
    elif prog.endswith("+"):
        flags.append(f"-DMAXTASKS={threads}")
    if prog.endswith("~"):
        flags.append("-DABSTRACT_OPTIONS")
    return os.path.join(HERE, prog.rstrip("+~") + ".c"), flags
TIMED_WORK = 3000000


def analyse(ravel, src, cflags, out, limit, flags):
    """The figures of `ravel schedules --json`; past `limit` seconds ravel says unknown."""
    r = subprocess.run([ravel, "schedules", src, "-o", out, "--json", "--timeout", str(limit), *flags, "--",
                        *cflags], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = r.stdout.decode().strip().splitlines()
    if not lines:
        err = r.stderr.decode().strip().splitlines()
        return {"verdict": "unknown", "reason": f"exit {r.returncode}: {err[-1] if err else 'no output'}"}
    return json.loads(lines[-1])


def load_enforce_bench():
    """bench/enforce/run.py as a module, for its `medians_ms` (configurations taking
    turns, median wall time in ms)."""
    spec = importlib.util.spec_from_file_location("enforce_bench", os.path.join(HERE, "../enforce/run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


medians_ms = load_enforce_bench().medians_ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--threads", default="2,4,8")
    ap.add_argument("--analysis-timeout", type=int, default=120, help="seconds per enumeration")
    ap.add_argument("--ravel", default=os.path.join(HERE, "../../target/release/ravel"))
    ap.add_argument("--no-join", action="store_true", help="explore every epoch below every order (for comparison)")
    ap.add_argument("--all-orders", action="store_true", help="explore every thread order (for comparison)")
    ap.add_argument("--prefix", type=int, help="prefix schedules: order only each epoch's first N synchronisation operations")
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="ravel-bench-schedules-")
    flags = (["--no-join"] if a.no_join else []) + (["--all-orders"] if a.all_orders else [])
    flags += ["--prefix", str(a.prefix)] if a.prefix else []
    # sets/epoch and min/max/avg: the selected schedule sets per epoch and their sizes;
    # orders/epoch: the orders each built epoch had before the unselected were dropped.
    print(f"{'program':<9} {'thr':>3} {'explored':>8} {'epochs':>6} {'sets/epoch':>12} {'min/max/avg':>16} {'total':>6} {'orders':>6} "
          f"{'orders/epoch min/max/avg':>26} {'distinct':>8} {'infeas':>6} {'dead':>4} {'execs':>6} {'joined':>6} "
          f"{'analysis s':>10} {'selector':>14} "
          f"{'free ms':>8} {'enforced ms':>11} {'ratio':>5}")
    for prog in [p for p in PROGRAMS if not a.programs or p in a.programs]:
        for threads in [int(t) for t in a.threads.split(",")]:
            src, cflags = defines(prog, threads)
            sfile = os.path.join(work, f"{prog}{threads}.json")
            s = analyse(a.ravel, src, cflags, sfile, a.analysis_timeout, flags)
            if s.get("verdict") == "unknown":
                print(f"{prog:<9} {threads:>3} unknown: {s['reason']}")
                continue
            sets = s["schedule_sets_per_epoch"]
            sizes = [n for epoch in sets for n in epoch]
            shape = "/".join(str(len(e)) for e in sets)
            mma = f"{min(sizes)}/{max(sizes)}/{sum(sizes) / len(sizes):.1f}"
            sel = f"{s['selector_nodes']}n/{s['selector_tree_nodes']}t/{s['selector_tree_depth']}d"
            built = [n for epoch in s["enumerated_per_epoch"] for n in epoch]
            orders = f"{min(built)}/{max(built)}/{sum(built) / len(built):.1f}"
            suffix = {"+": "p", "~": "a"}.get(prog[-1], "")
            binary = os.path.join(work, f"{prog.rstrip('+~')}{suffix}{threads}")
            subprocess.run([a.ravel, "enforce", "build", src, "-o", binary, "--schedules", sfile, "--",
                            *cflags, f"-DWORK={TIMED_WORK}"], check=True)
            # Every input 2: every task exists and matches, every option is in the money
            # (the `+` variants: the thread count, for as many tasks; radix: 63, the
            # largest max_key, three digit passes).
            value = "63" if prog.startswith("radix") else str(threads) if prog.endswith("+") else "2"
            inputs = ",".join(value for _ in range(s["inputs"]))
            env = dict(os.environ, RAVEL_INPUTS=inputs)
            free = dict(env, RAVEL_SCHEDULES="")
            t_free, t_enf = medians_ms([([binary], free), ([binary], env)], a.runs)
            explored = {"one order per path": "path", "serial order where one failed": "path+ser",
                        "every order where two failed": "path+all"}.get(s["exploration"], "all") + ("~" if s.get("abstracted") else "")
            explored += f"/p{a.prefix}" if s.get("cut") else ""
            print(f"{prog:<9} {threads:>3} {explored:>8} {s['epochs']:>6} {shape:>12} {mma:>16} {s['total']:>6} {s['enumerated']:>6} "
                  f"{orders:>26} {s['distinct_total']:>8} {s['infeasible']:>6} {s['deadlocking']:>4} {s['executions']:>6} "
                  f"{s['joined']:>6} {s['analysis_seconds']:>10.2f} {sel:>14} {t_free:>8.1f} {t_enf:>11.1f} {t_enf / t_free:>5.2f}")


if __name__ == "__main__":
    main()
