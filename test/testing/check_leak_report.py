#!/usr/bin/env python3
"""Runs the deliberately leaking Catch2 tests and checks that they fail for the right reasons.

`should_fail: true` alone would also pass on a crash; this checks that exactly the leaking
tests failed, each with the baseline's wording, and that the session listener took a new
reference after the test that finalized the runtime.
"""
import subprocess
import sys

FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def main():
    exe = sys.argv[1]
    proc = subprocess.run([exe, "--order", "decl"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    # Catch's console reporter wraps long lines; compare with every whitespace run as one space.
    out = " ".join(proc.stdout.decode("utf-8", "replace").split())
    err = " ".join(proc.stderr.decode("utf-8", "replace").split())

    # v2 exits with the number of failed assertions (one per leaking test); v3.3+ with 42.
    expect(proc.returncode in (4, 42), f"exit status {proc.returncode}, expected 4 (Catch2 v2) or 42 (v3)")
    expect("test cases: 5 | 1 passed | 4 failed" in out, "the summary is not 5 test cases, 1 passed, 4 failed")
    for text in [
        "the test did not restore the aclpp lifecycle state",
        "devices in use: 0 at the start, 1 at the end (an aclrtSetDevice without its aclrtResetDevice)",
        "registered callbacks: 0 at the start, 1 at the end (an init or finalize callback registered and never",
        "runtime references: 1 at the start, 0 at the end (a reference released that the test did not take, or an",
        "devices in use: 1 at the start, 0 at the end",
        "runtime references: 1 at the start, 2 at the end (an aclInit without its aclFinalizeReference",
    ]:
        expect(text in out, f"the test output lacks {text!r}")
    for name in ["a device set and never reset", "a finalize callback never unregistered",
                 "aclFinalize tears down the shared runtime", "a local baseline catches an aclInit"]:
        expect(name in out, f"the failing test {name!r} is not in the report")
    expect("the listener has taken a new reference" not in out,
           "the test after the finalize failed: the listener did not take a new reference")
    expect("the session listener takes a new runtime reference for the remaining tests" in err,
           "the listener did not say that it took a new reference")
    expect("1 more runtime reference(s) are held after the test run than before it" in err,
           "the listener did not report the reference leaked by the last leaking test")

    if FAILURES:
        print("\n".join("FAIL " + f for f in FAILURES))
        print("---- stdout ----\n" + proc.stdout.decode("utf-8", "replace"))
        print("---- stderr ----\n" + proc.stderr.decode("utf-8", "replace"))
        return 1
    print("ok: each leaking test failed with the baseline's report; the listener kept the run alive")
    return 0


if __name__ == "__main__":
    sys.exit(main())
