#!/usr/bin/env python3
"""ravel enforce benchmark: our own versions of the programs of Metzler et al. ("Safe
Execution of Concurrent Programs by Enforcement of Scheduling Constraints"), each run
uninstrumented, instrumented without constraints, and under the constraints `ravel check
--enforce-out` wrote after 1, 8 and 64 explored executions (`--max-executions N`) and
after the whole exploration (`--timeout 60`): the admissible prefixes verified so far,
fewer constraints as verification proceeds. Prints the median wall time of RUNS process
runs per configuration and its ratio to the uninstrumented binary.

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


STEPS = [("1", ["--max-executions", "1"]), ("8", ["--max-executions", "8"]),
         ("64", ["--max-executions", "64"]), ("all", ["--timeout", "60"])]


def shape(path):
    """Verified executions, admissible prefixes and listed events of a constraint file;
    `free` when a prefix is empty (nothing enforced)."""
    f = json.load(open(path))
    prefixes = f["prefixes"]
    if any(not p["events"] for p in prefixes):
        return f"{f['executions']}/free"
    return f"{f['executions']}/{len(prefixes)}p/{sum(len(p['events']) for p in prefixes)}e"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--ravel", default=os.path.join(HERE, "../../target/release/ravel"))
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    chosen = [p for p in PROGRAMS if not a.programs or p[0] in a.programs]
    work = tempfile.mkdtemp(prefix="ravel-bench-enforce-")
    print(f"{a.runs} runs per configuration, median wall time per run (process start included);")
    print("ratio = time / uninstrumented time; after N: constraints written after N explored executions")
    print("(verified executions/admissible prefixes/listed events, or free: every schedule verified)")
    head = f"{'program':<11} {'thr':>3} {'native ms':>9} {'instr.':>6}"
    for step, _ in STEPS:
        head += f" {'after ' + step:>17} {'ratio':>5}"
    print(head)
    for name, threads in chosen:
        src = os.path.join(HERE, name + ".c")
        native, instr = os.path.join(work, name + ".native"), os.path.join(work, name + ".instr")
        subprocess.run(["clang-19", "-O0", "-w", src, "-o", native, "-lpthread"], check=True)
        subprocess.run([a.ravel, "enforce", "build", src, "-o", instr], check=True)
        files = []
        for step, limit in STEPS:
            out = os.path.join(work, f"{name}.{step}.json")
            subprocess.run([a.ravel, "check", src, *limit, "--enforce-out", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            files.append(out)
        env = lambda c: dict(os.environ, RAVEL_CONSTRAINTS=c)
        times = medians_ms([([native], env("")), ([instr], env(""))] + [([instr], env(f)) for f in files], a.runs)
        ratio = lambda t: t / times[0]
        line = f"{name:<11} {threads:>3} {times[0]:>9.3f} {ratio(times[1]):>6.2f}"
        for f, t in zip(files, times[2:]):
            line += f" {shape(f):>17} {ratio(t):>5.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
