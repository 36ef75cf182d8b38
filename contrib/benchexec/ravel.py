# BenchExec tool-info module for ravel: lets BenchExec (and so SV-COMP's infrastructure)
# run `ravel check --property` on verification tasks and read its answers.
#
# Install: put this file where BenchExec finds tool modules (for example as
# benchexec/tools/ravel.py, or pass `--tool-directory`), and ravel's binary on PATH or in
# target/release of the directory BenchExec runs in.

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """
    ravel finds concurrency bugs in multithreaded C programs by exploring thread schedules
    (optimal DPOR, unfoldings, explicit states) and inputs (concolic execution) of the
    program's LLVM IR. In SV-COMP mode it prints TRUE, FALSE or UNKNOWN as its last line.
    """

    REQUIRED_PATHS = []

    def executable(self, tool_locator):
        return tool_locator.find_executable("ravel", subdir="target/release")

    def name(self):
        return "ravel"

    def version(self, executable):
        # `ravel --version` prints "ravel 0.1.0".
        return self._version_from_tool(executable).replace("ravel", "").strip()

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check", *task.input_files_or_identifier]
        if task.property_file:
            cmd += ["--property", task.property_file]
        if rlimits.cputime and "--timeout" not in options:
            # Stop in time to report UNKNOWN instead of being killed.
            cmd += ["--timeout", str(max(1, int(rlimits.cputime * 0.9)))]
        cmd += list(options)
        data_model = (task.options or {}).get("data_model")
        if data_model == "ILP32":
            cmd += ["--", "-m32"]
        return cmd

    def determine_result(self, run):
        answer = ""
        for line in reversed(run.output):
            line = line.strip()
            if line in ("TRUE", "FALSE", "UNKNOWN"):
                answer = line
                break
        if answer == "TRUE":
            return result.RESULT_TRUE_PROP
        if answer == "FALSE":
            prop = " ".join(run.output).lower()
            if "data-race" in prop or "data race" in prop:
                return result.RESULT_FALSE_DATARACE
            return result.RESULT_FALSE_REACH
        if run.exit_code.value == 3:
            return result.RESULT_ERROR + "(input)"
        if answer == "UNKNOWN":
            return result.RESULT_UNKNOWN
        return result.RESULT_ERROR
