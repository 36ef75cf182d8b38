#!/usr/bin/env python3
"""ravel enforce benchmark: our own versions of the programs of Metzler et al. ("Safe
Execution of Concurrent Programs by Enforcement of Scheduling Constraints"), each run
uninstrumented, instrumented without constraints, and under the full constraints of one
verified schedule (`ravel check --enforce-out`). Prints the median wall time of RUNS
process runs per configuration and the overhead against the uninstrumented binary.

Usage: bench/enforce/run.py [--runs N] [--ravel PATH] [program ...]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = [("dekker", 2), ("peterson", 2), ("lamport", 2), ("fibonacci", 2), ("bigshot", 2),
            ("shared_ptr", 2), ("indexer", 15), ("last_zero", 16)]


def median_ms(cmd, env, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        times.append(time.perf_counter() - start)
        if r.returncode != 0:
            sys.exit(f"{cmd[0]} failed ({r.returncode}): {r.stderr.decode()}")
    return statistics.median(times) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--ravel", default=os.path.join(HERE, "../../target/release/ravel"))
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    chosen = [p for p in PROGRAMS if not a.programs or p[0] in a.programs]
    work = tempfile.mkdtemp(prefix="ravel-bench-enforce-")
    print(f"{a.runs} runs per configuration, median wall time per run (process start included)")
    print(f"{'program':<12} {'threads':>7} {'events':>7} {'native ms':>10} {'instr. ms':>10} {'instr. %':>9} "
          f"{'constr. ms':>11} {'constr. %':>10}")
    for name, threads in chosen:
        src = os.path.join(HERE, name + ".c")
        native, instr, cons = (os.path.join(work, name + s) for s in (".native", ".instr", ".json"))
        subprocess.run(["clang-19", "-O0", "-w", src, "-o", native, "-lpthread"], check=True)
        subprocess.run([a.ravel, "enforce", "build", src, "-o", instr], check=True)
        subprocess.run([a.ravel, "check", src, "--timeout", "60", "--enforce-out", cons],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        events = len(json.load(open(cons))["events"])
        env = dict(os.environ, RAVEL_CONSTRAINTS="")
        t_native = median_ms([native], env, a.runs)
        t_instr = median_ms([instr], env, a.runs)
        t_cons = median_ms([instr], dict(os.environ, RAVEL_CONSTRAINTS=cons), a.runs)
        pct = lambda t: 100 * (t - t_native) / t_native
        print(f"{name:<12} {threads:>7} {events:>7} {t_native:>10.3f} {t_instr:>10.3f} {pct(t_instr):>8.0f}% "
              f"{t_cons:>11.3f} {pct(t_cons):>9.0f}%", flush=True)


if __name__ == "__main__":
    main()
