#!/usr/bin/env python3
"""Checks contrib/benchexec/ravel.py the way BenchExec uses it: builds the command line of
a task, runs it, and reads the answer with determine_result.

Usage: check_tool_info.py RAVEL_BINARY TASK.yml PROPERTY.prp EXPECTED_RESULT
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ravel  # noqa: E402  (the tool-info module beside this file)
from benchexec.tools.template import BaseTool2  # noqa: E402
from benchexec.util import ProcessExitCode  # noqa: E402


def main():
    binary, task_file, prp, expected = sys.argv[1:5]
    tool = ravel.Tool()
    version = tool.version(binary)
    assert version and version[0].isdigit(), f"version {version!r}"
    # BenchExec reads the input files and options out of the task definition.
    import yaml

    with open(task_file) as f:
        definition = yaml.safe_load(f)
    inputs = definition["input_files"]
    inputs = [inputs] if isinstance(inputs, str) else inputs
    base = os.path.dirname(task_file)
    task = BaseTool2.Task(
        input_files=[os.path.join(base, i) for i in inputs],
        identifier=None,
        property_file=prp,
        options=definition.get("options"),
    )
    cmd = tool.cmdline(binary, [], task, BaseTool2.ResourceLimits(cputime=60))
    done = subprocess.run(cmd, capture_output=True, text=True)
    run = BaseTool2.Run(
        cmdline=cmd,
        exit_code=ProcessExitCode.create(value=done.returncode),
        output=BaseTool2.RunOutput((done.stdout + done.stderr).splitlines(keepends=True)),
        termination_reason=None,
    )
    got = tool.determine_result(run)
    assert got == expected, f"{cmd}: got {got!r}, expected {expected!r}\n{done.stdout}{done.stderr}"
    print(f"{' '.join(cmd)} -> {got}")


if __name__ == "__main__":
    main()
