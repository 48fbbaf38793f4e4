#!/usr/bin/env python3
"""Runs every test case of a Catch2 executable in a process of its own.

Over the vendor runtime (B-4) nothing resets the runtime between cases (the config identity,
the "already finalised" flag), so a case cannot inherit another's process. Usage:
    run_each_case.py EXE [TEST-SPEC ...]
The test specs select the cases (e.g. "~[emulated]"); each case runs as `EXE "<name>"`.
Fails when a case fails or when no case is selected.
"""
import re
import subprocess
import sys


def case_names(exe, specs):
    # Catch2 v2: --list-test-names-only; v3: --list-tests --verbosity quiet. Both print one name a line.
    for flags in (["--list-test-names-only"], ["--list-tests", "--verbosity", "quiet"]):
        listed = subprocess.run([exe, *flags, *specs], capture_output=True, text=True)
        # Catch2 v2 exits with the number of cases listed; an unknown flag is what fails here.
        if "nrecognised" not in listed.stderr + listed.stdout and listed.returncode >= 0:
            return [line for line in listed.stdout.splitlines() if line.strip()]
    sys.exit(f"{exe}: cannot list the test cases")


def escaped(name):
    # A Catch2 test spec: backslash escapes the characters that would start a tag, a wildcard or
    # a second spec.
    return re.sub(r"([\\\[\],*])", r"\\\1", name)


def main():
    exe, specs = sys.argv[1], sys.argv[2:]
    names = case_names(exe, specs)
    if not names:
        sys.exit(f"{exe}: no test case selected by {specs}")
    failed = []
    for name in names:
        run = subprocess.run([exe, escaped(name)], capture_output=True, text=True)
        if run.returncode != 0:
            failed.append(name)
            sys.stdout.write(run.stdout)
            sys.stderr.write(run.stderr)
    print(f"{len(names) - len(failed)} of {len(names)} test cases passed, each in its own process")
    for name in failed:
        print(f"FAILED: {name}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
