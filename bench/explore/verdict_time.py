"""`verdict:seconds` of one `ravel check --json` run and its /usr/bin/time -f %e file."""
import json
import sys

try:
    verdict = json.load(open(sys.argv[1]))["verdict"]
except (OSError, ValueError, KeyError):
    verdict = "error"
try:
    wall = open(sys.argv[2]).read().split()[-1]
except (OSError, IndexError):
    wall = "-1"
print(f"{verdict}:{wall}")
