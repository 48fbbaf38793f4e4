#!/usr/bin/env python3
"""Runs the fresh-runtime listener over a runtime a static holds and checks that the run stops
before the test case, naming why (docs/testing-catch2.md, "A fresh runtime per test case").

`should_fail: true` alone would also pass on a crash or on the test case's own FAIL.
"""
import subprocess
import sys


def main():
    proc = subprocess.run([sys.argv[1]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    # Catch's console reporter wraps long lines; compare with every whitespace run as one space.
    text = " ".join((proc.stdout + proc.stderr).decode("utf-8", "replace").split())
    problems = []
    if proc.returncode == 0:
        problems.append("the run passed")
    if proc.returncode < 0:
        problems.append(f"the run died with signal {-proc.returncode}")
    for expected in [
        'the Catch2 fresh-runtime listener could not reset the runtime before test case '
        '"fresh runtime refused: this test case must not run"',
        "aclppTestingReset returned ACL_ERROR_REPEAT_INITIALIZE (100002)",
        "something outside the test cases holds the runtime",
    ]:
        if expected not in text:
            problems.append(f"the output lacks: {expected}")
    if "the listener let a test case run" in text:
        problems.append("the test case ran")
    for problem in problems:
        print(problem)
    if problems:
        print("output was:\n" + text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
