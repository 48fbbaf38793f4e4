#!/usr/bin/env python3
"""C-7: runs trace_main with ACLPP_TRACE and checks the trace.

Usage: trace_check.py PROGRAM RUNTIME   (RUNTIME: emulated or cann)

- ACLPP_TRACE=stderr: both holder names, the join and the finalize, one line per event (over a
  stand-in of the vendor runtime the stand-in itself must not trace as well); on the emulated
  runtime the plain aclInit (call=aclInit, empty holder) and the finalize callback's run.
- ACLPP_TRACE=<file>: the same lines in the file, created 0600, nothing on stderr; a second run
  appends.
- ACLPP_TRACE=<symlink>: refused, one warning through the log handler, the target untouched.
- ACLPP_TRACE=<missing directory>/x: one warning, the program still runs.
"""

import os
import re
import stat
import subprocess
import sys
import tempfile

LINE = re.compile(
    r'^aclpp-trace time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z pid=\d+ thread=(\d+) event=(\w+) '
    r'holder="([^"]*)" call=(\S+) code=(-?\d+) duration_ns=(\d+)$')

problems = []


def check(condition, what):
    if not condition:
        problems.append(what)


def run(program, trace):
    env = dict(os.environ, ACLPP_TRACE=trace)
    return subprocess.run([program], env=env, capture_output=True, text=True, timeout=60)


def events(text):
    found = []
    for line in text.splitlines():
        if line.startswith("aclpp-trace"):
            m = LINE.match(line)
            check(m is not None, "malformed trace line: " + line)
            if m:
                found.append((m.group(2), m.group(3), m.group(4), int(m.group(5))))
    return found


def check_events(found, runtime, where):
    holder_events = [(e, h, c) for e, h, c, _ in found if c.startswith("aclppHolder")]
    expected = [("init", "framework", "aclppHolderInit"), ("join", "plugin", "aclppHolderInit"),
                ("leave", "plugin", "aclppHolderFinalize"), ("finalize", "framework", "aclppHolderFinalize")]
    check(holder_events == expected, f"{where}: holder events {holder_events}, expected {expected}")
    plain = [(e, h, c) for e, h, c, _ in found if c.startswith("acl") and not c.startswith("aclppHolder")]
    callbacks = [(e, h, c) for e, h, c, _ in found if e == "callback"]
    if runtime == "emulated":
        check(("join", "", "aclInit") in plain, f"{where}: no plain aclInit line: {plain}")
        check(("leave", "", "aclFinalizeReference") in plain, f"{where}: no plain aclFinalizeReference line")
        check(("callback", "framework", "finalize-callback:ACL_REG_TYPE_OTHER") in callbacks,
              f"{where}: the finalize callback's run is not traced with its holder: {callbacks}")
    else:
        # The stand-in is the emulated core as the vendor's library: it must not trace too.
        check(plain == [] and callbacks == [], f"{where}: the vendor runtime traced as well: {plain + callbacks}")


def main():
    program, runtime = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        # stderr
        r = run(program, "stderr")
        check(r.returncode == 0, f"stderr run exited {r.returncode}: {r.stdout}{r.stderr}")
        check("holders: 2" in r.stdout, "acl::holders() did not list two: " + r.stdout)
        check_events(events(r.stderr), runtime, "ACLPP_TRACE=stderr")

        # a file, appended to
        path = os.path.join(tmp, "trace.log")
        r = run(program, path)
        check(r.returncode == 0 and "aclpp-trace" not in r.stderr, "file run wrote to stderr: " + r.stderr)
        check(os.path.exists(path), "the trace file was not created")
        if os.path.exists(path):
            check(stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0, "the trace file is readable by others")
            with open(path) as f:
                first = f.read()
            check_events(events(first), runtime, "ACLPP_TRACE=<file>")
            run(program, path)
            with open(path) as f:
                check(len(f.read().splitlines()) == 2 * len(first.splitlines()), "a second run did not append")

        # a symlink: refused
        target = os.path.join(tmp, "target")
        with open(target, "w") as f:
            f.write("keep\n")
        link = os.path.join(tmp, "link")
        os.symlink(target, link)
        r = run(program, link)
        check(r.returncode == 0, f"symlink run exited {r.returncode}")
        warnings = [l for l in r.stdout.splitlines() if l.startswith("log: ") and "ACLPP_TRACE" in l]
        check(len(warnings) == 1, "the refused symlink is not one warning through the log handler: " + r.stdout)
        check("aclpp-trace" not in r.stderr and "ACLPP_TRACE" not in r.stderr, "symlink run wrote to stderr")
        with open(target) as f:
            check(f.read() == "keep\n", "the symlink's target was written")

        # an unopenable path: one warning, no crash
        r = run(program, os.path.join(tmp, "missing", "trace.log"))
        check(r.returncode == 0, f"unopenable run exited {r.returncode}")
        warnings = [l for l in r.stdout.splitlines() if l.startswith("log: ") and "ACLPP_TRACE" in l]
        check(len(warnings) == 1, "an unopenable trace file is not exactly one warning: " + r.stdout)

    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
