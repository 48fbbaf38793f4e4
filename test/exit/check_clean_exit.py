#!/usr/bin/env python3
"""Runs one exit executable and asserts a clean exit: status 0 and nothing on stderr.

    check_clean_exit.py [--expect MARKER]... [--] BINARY [ARG]...

Each --expect MARKER must appear as a line "OK MARKER" on stdout (the executables print one for
every handler or destructor that ran, so one that never ran is a failure). With ACLPP_VALGRIND=1
in the environment the binary runs under
valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite, and valgrind's
own reports count as stderr output.
"""
import argparse
import os
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expect", action="append", default=[], metavar="MARKER")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no binary given")

    binary = os.path.basename(command[0])
    timeout = args.timeout
    if os.environ.get("ACLPP_VALGRIND") == "1":
        command = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
                   "--errors-for-leak-kinds=definite", "--trace-children=no",
                   "--child-silent-after-fork=yes"] + command
        timeout *= 10

    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as expired:
        print(f"FAIL: {' '.join(command)} did not exit within {timeout:.0f} s", file=sys.stderr)
        sys.stderr.write((expired.stderr or b"").decode(errors="replace"))
        return 1

    stdout = run.stdout.decode(errors="replace")
    stderr = run.stderr.decode(errors="replace")
    sys.stdout.write(stdout)
    problems = []
    if run.returncode != 0:
        problems.append(f"exit status {run.returncode} (want 0)")
    if stderr:
        problems.append(f"{len(run.stderr)} bytes on stderr (want none)")
    lines = set(stdout.splitlines())
    for marker in args.expect:
        if f"OK {marker}" not in lines:
            problems.append(f"missing marker on stdout: OK {marker}")
    if problems:
        print(f"FAIL: {' '.join(command)}", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        if stderr:
            print("---- stderr ----", file=sys.stderr)
            sys.stderr.write(stderr)
        return 1
    print(f"clean exit: {binary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
