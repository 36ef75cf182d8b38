"""Formats one row of bench/predict/run from the JSON report of `ravel predict`."""
import json
import sys

name, seed, t, tb, cb_file, check = sys.argv[1:7]
d = json.load(sys.stdin)
s = d["stats"]
try:
    cb = str(len(json.load(open(cb_file))["confirmed"]))
except (OSError, ValueError, KeyError):
    cb = "?"
cols = [s[k] for k in ("threads", "events", "events_sliced", "shared_vars", "pi_functions", "candidates",
                       "candidates_pruned")]
row = [name, seed] + cols + [len(d["confirmed"]), len(d["unconfirmed"]), float(t), float(tb), cb, check]
print("%-15s %4s %3d %6d %6d %5d %5d %6d %6d %4d %4d %8.2fs %8.2fs %4s  %s" % tuple(row))
