#!/usr/bin/env python3
"""ravel enforce benchmark: our own versions of the programs of Metzler et al. ("Safe
Execution of Concurrent Programs by Enforcement of Scheduling Constraints"), each run
uninstrumented, instrumented without constraints, under the constraints of one verified
schedule (`ravel check --max-executions 1 --enforce-out`), and under the constraints
written after the whole exploration (`ravel check --timeout 60 --enforce-out`: none left
when the verdict is safe; one schedule's otherwise). Prints the median wall time of RUNS
process runs per configuration and the overhead against the uninstrumented binary.

Usage: bench/enforce/run.py [--runs N] [--ravel PATH] [program ...]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = [("dekker", 2), ("peterson", 2), ("lamport", 2), ("fibonacci", 2), ("bigshot", 2),
            ("shared_ptr", 2), ("indexer", 15), ("last_zero", 16)]


def medians_ms(configs, runs):
    """Median wall time of each (cmd, env) in ms; the configurations take turns, so that
    load from other processes on the machine affects them alike."""
    times = [[] for _ in configs]
    for _ in range(runs):
        for (cmd, env), t in zip(configs, times):
            start = time.perf_counter()
            r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
            t.append(time.perf_counter() - start)
            if r.returncode != 0:
                sys.exit(f"{cmd[0]} failed ({r.returncode}): {r.stderr.decode()}")
    return [statistics.median(t) * 1000 for t in times]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--ravel", default=os.path.join(HERE, "../../target/release/ravel"))
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    chosen = [p for p in PROGRAMS if not a.programs or p[0] in a.programs]
    work = tempfile.mkdtemp(prefix="ravel-bench-enforce-")
    print(f"{a.runs} runs per configuration, median wall time per run (process start included)")
    print(f"{'program':<12} {'threads':>7} {'native ms':>10} {'instr. ms':>10} {'instr. %':>9} "
          f"{'1-sched. events':>15} {'ms':>7} {'%':>6} {'verified events':>15} {'ms':>7} {'%':>6}")
    for name, threads in chosen:
        src = os.path.join(HERE, name + ".c")
        native, instr, one, full = (os.path.join(work, name + s) for s in (".native", ".instr", ".1.json", ".json"))
        subprocess.run(["clang-19", "-O0", "-w", src, "-o", native, "-lpthread"], check=True)
        subprocess.run([a.ravel, "enforce", "build", src, "-o", instr], check=True)
        for limit, out in ((["--max-executions", "1"], one), (["--timeout", "60"], full)):
            subprocess.run([a.ravel, "check", src, *limit, "--enforce-out", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        events = lambda f: len(json.load(open(f))["events"])
        env = lambda c: dict(os.environ, RAVEL_CONSTRAINTS=c)
        t_native, t_instr, t_one, t_full = medians_ms(
            [([native], env("")), ([instr], env("")), ([instr], env(one)), ([instr], env(full))], a.runs)
        pct = lambda t: 100 * (t - t_native) / t_native
        print(f"{name:<12} {threads:>7} {t_native:>10.3f} {t_instr:>10.3f} {pct(t_instr):>8.0f}% "
              f"{events(one):>15} {t_one:>7.3f} {pct(t_one):>5.0f}% {events(full):>15} {t_full:>7.3f} {pct(t_full):>5.0f}%",
              flush=True)


if __name__ == "__main__":
    main()
