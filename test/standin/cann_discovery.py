#!/usr/bin/env python3
"""B-1: configuring -Druntime=cann finds the toolkit in the documented order and, when no
candidate holds include/acl/acl.h and lib64/libascendcl.so, fails naming every path it tried.
Usage: cann_discovery.py SOURCE_ROOT STANDIN_TOOLKIT"""
import os
import subprocess
import sys
import tempfile

source, standin = sys.argv[1], sys.argv[2]


def configure(options, env_extra):
    env = {k: v for k, v in os.environ.items() if k not in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")}
    env.update(env_extra)
    with tempfile.TemporaryDirectory(prefix="aclpp-discovery-") as build:
        run = subprocess.run(["meson", "setup", build, source, "-Druntime=cann", "-Dtests=false", "-Dexamples=false",
                              "-Dtools=disabled", *options], capture_output=True, text=True, env=env)
        return run.returncode, run.stdout + run.stderr


failures = []
# None holds the toolkit: every candidate is named, in order.
code, out = configure(["-Dcann_home=/nonexistent/opt"], {"ASCEND_HOME_PATH": "/nonexistent/home",
                                                         "ASCEND_TOOLKIT_HOME": "/nonexistent/toolkit"})
tried = ["/nonexistent/opt (-Dcann_home)", "/nonexistent/home ($ASCEND_HOME_PATH)",
         "/nonexistent/toolkit ($ASCEND_TOOLKIT_HOME)", "/usr/local/Ascend/ascend-toolkit/latest (the default)"]
if code == 0:
    failures.append("configuring without a toolkit succeeded")
positions = [out.find(t) for t in tried]
if -1 in positions or positions != sorted(positions):
    failures.append("the error does not name every path tried, in order:\n" + out[-2000:])
# $ASCEND_HOME_PATH is used when -Dcann_home is not given; a bad -Dcann_home falls through to it.
for options, env, what in (([], {"ASCEND_HOME_PATH": standin}, "$ASCEND_HOME_PATH"),
                           ([], {"ASCEND_TOOLKIT_HOME": standin}, "$ASCEND_TOOLKIT_HOME"),
                           (["-Dcann_home=/nonexistent/opt"], {"ASCEND_HOME_PATH": standin}, "a bad -Dcann_home, then $ASCEND_HOME_PATH")):
    code, out = configure(options, env)
    if code != 0 or f"CANN toolkit: {standin}" not in out:
        failures.append(f"the toolkit from {what} was not used:\n" + out[-2000:])
for failure in failures:
    print("FAILED:", failure)
print(f"{4 - len(failures)} of 4 discovery cases passed")
sys.exit(1 if failures else 0)
