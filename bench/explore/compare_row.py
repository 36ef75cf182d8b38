"""One row of `bench/explore/run --compare`: label, N, then `verdict:seconds` for dpor,
states and the default command; prints them and the default's ratio to the faster member
that decided (a verdict other than unknown)."""
import sys

label, n, *cells = sys.argv[1:]
parts = [c.rsplit(":", 1) for c in cells]
decided = [float(t) for v, t in parts[:2] if v in ("safe", "unsafe")]
best = min(decided) if decided else None
default_verdict, default_time = parts[2][0], float(parts[2][1])
ratio = f"{default_time / best:.2f}" if best and default_verdict in ("safe", "unsafe") else "-"
cells_text = " ".join(f"{v + ' ' + t + 's':<22}" for v, t in parts)
print(f"{label:<17} {n:>4} {cells_text} {ratio:>7}")
