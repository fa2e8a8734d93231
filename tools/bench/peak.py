"""Runs a command with its standard output sent to a file, then prints one JSON line: the command's
wall time in ms and its peak resident memory in KiB (the kernel's maxrss for that one child, from
wait4), so both sides of a comparison are measured the same way. Used by `cargo xtask bench`.

usage: python peak.py STDOUT_FILE COMMAND [ARGS...]
"""
import json
import os
import subprocess
import sys
import time


def main() -> None:
    stdout_file, command = sys.argv[1], sys.argv[2:]
    with open(stdout_file, "wb") as out:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=out)
        _, status, usage = os.wait4(child.pid, 0)
        wall_ms = (time.perf_counter() - started) * 1000
    code = os.waitstatus_to_exitcode(status)
    print(json.dumps({"wall_ms": wall_ms, "peak_kib": usage.ru_maxrss, "exit": code}))
    sys.exit(code if code > 0 else 0 if code == 0 else 1)


if __name__ == "__main__":
    main()
