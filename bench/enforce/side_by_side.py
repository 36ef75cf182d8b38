#!/usr/bin/env python3
"""Several builds or constraint files of one program, side by side: the configurations take
turns run after run (so load from other processes hits them alike), and each gets its
median and lower-quartile wall time, both as ratios to the first configuration, and its
voluntary context switches per run (parks and other sleeps, from getrusage).

Usage: bench/enforce/side_by_side.py [--runs N] NAME=BINARY:CONSTRAINTS ...
  CONSTRAINTS is the file for RAVEL_CONSTRAINTS (empty: none, the binary runs free).
Example (uninstrumented against one schedule's constraints):
  bench/enforce/side_by_side.py --runs 500 native=./dekker: final=./dekker.instr:dekker.json
"""
import argparse, os, resource, statistics, subprocess, sys, time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("configs", nargs="+", metavar="NAME=BINARY:CONSTRAINTS")
    a = ap.parse_args()
    configs = []
    for c in a.configs:
        name, _, rest = c.partition("=")
        binary, _, constraints = rest.partition(":")
        configs.append((name, os.path.abspath(binary), constraints))
    times = {name: [] for name, _, _ in configs}
    switches = {name: 0 for name, _, _ in configs}
    for _ in range(a.runs):
        for name, binary, constraints in configs:
            env = dict(os.environ, RAVEL_CONSTRAINTS=constraints)
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw
            start = time.perf_counter()
            r = subprocess.run([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times[name].append(time.perf_counter() - start)
            if r.returncode != 0:
                sys.exit(f"{name}: {binary} failed ({r.returncode}): {r.stderr.decode()}")
            switches[name] += resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw - before
    first = configs[0][0]
    q1 = lambda n: statistics.quantiles(times[n], n=4)[0]
    print(f"{'config':<10} {'median ms':>9} {'ratio':>6} {'q1 ms':>7} {'ratio':>6} {'switches':>8}")
    for name, _, _ in configs:
        med = statistics.median(times[name])
        print(f"{name:<10} {med * 1000:>9.3f} {med / statistics.median(times[first]):>6.2f} "
              f"{q1(name) * 1000:>7.3f} {q1(name) / q1(first):>6.2f} {switches[name] / a.runs:>8.1f}")


if __name__ == "__main__":
    main()
