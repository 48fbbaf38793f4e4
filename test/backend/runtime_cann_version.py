#!/usr/bin/env python3
"""B-9 over the vendor runtime: which CANN version aclpp detects, and the rules it then applies.

Each case is a temporary toolkit: lib64/libascendcl.so copied from a stand-in (the cann one, or
the versioned one with aclsysGetVersionStr), with or without share/info/runtime/version.info.
test/backend/runtime_cann_version_main.cpp runs over it (LD_LIBRARY_PATH) and prints what
aclppGetRuntimeCannVersion answered and what a validation of {"dump":{}} without a version gave
(100009 under the rules of 9.0.x, 0 from 9.1.0).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

failures = 0


def expect(condition, message):
    global failures
    if not condition:
        failures += 1
        print(f"FAIL {message}")


def run(program, toolkit, env=None, rewrite=False):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("ACLPP_", "ASCEND_"))}
    environment["LD_LIBRARY_PATH"] = str(toolkit / "lib64")
    environment.update(env or {})
    args = [program] + ([str(toolkit / "share" / "info" / "runtime" / "version.info")] if rewrite else [])
    proc = subprocess.run(args, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    expect(proc.returncode == 0, f"{program} exited {proc.returncode}: {proc.stderr.decode()}")
    return dict(line.split("=", 1) for line in proc.stdout.decode().splitlines() if "=" in line)


def make_toolkit(root, library, version_file):
    if root.exists():
        shutil.rmtree(root)
    (root / "lib64").mkdir(parents=True)
    shutil.copyfile(library, root / "lib64" / "libascendcl.so")
    if version_file is not None:
        path = root / "share" / "info" / "runtime" / "version.info"
        path.parent.mkdir(parents=True)
        path.write_text(f"Package=runtime\nVersion={version_file}\n")
    return root


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", required=True)
    parser.add_argument("--standin", required=True, help="the folder of the stand-in toolkits")
    options = parser.parse_args()
    standin = Path(options.standin).resolve()
    plain = standin / "cann" / "lib64" / "libascendcl.so"
    versioned = standin / "versioned" / "lib64" / "libascendcl.so"
    # (library, version.info, expected version, rules, source, {"dump":{}} without a version)
    cases = {
        "no version anywhere": (plain, None, "", "", "0", "0"),
        "version.info 9.0.0": (plain, "9.0.0", "9.0.0", "9.0.0", "2", "100009"),
        "version.info 8.0.RC2": (plain, "8.0.RC2", "8.0.RC2", "9.0.0", "2", "100009"),
        "version.info 9.1.0.alpha001": (plain, "9.1.0.alpha001", "9.1.0.alpha001", "9.1.0", "2", "0"),
        "version.info naming no release": (plain, "unknown", "unknown", "", "2", "0"),
        "aclsysGetVersionStr over version.info": (versioned, "9.1.0", "9.0.0.beta1", "9.0.0", "1", "100009"),
        "aclsysGetVersionStr alone": (versioned, None, "9.0.0.beta1", "9.0.0", "1", "100009"),
    }
    with tempfile.TemporaryDirectory(prefix="aclpp-cann-version-") as scratch:
        for name, (library, written, version, rules, source, empty_dump) in cases.items():
            toolkit = make_toolkit(Path(scratch) / "toolkit", library, written)
            got = run(options.program, toolkit, rewrite=written is not None)
            print(f"--- {name}: {got}")
            expect(got.get("code") == "0", f"{name}: aclppGetRuntimeCannVersion answered {got.get('code')}")
            expect((got.get("version"), got.get("rules"), got.get("source")) == (version, rules, source),
                   f"{name}: version {got.get('version')!r}, rules {got.get('rules')!r}, source {got.get('source')}; "
                   f"expected {version!r}, {rules!r}, {source}")
            expect(Path(got.get("toolkit", "")).resolve() == toolkit.resolve(), f"{name}: toolkit {got.get('toolkit')}")
            expect(got.get("empty_dump") == empty_dump, f"{name}: {{\"dump\":{{}}}} without a version gave "
                                                        f"{got.get('empty_dump')}, expected {empty_dump}")
            expect(got.get("applied") == (rules or "9.2.0"), f"{name}: the report applied {got.get('applied')}")
            expect(got.get("empty_dump_given_9.2.0") == "0", f"{name}: a version given does not win")
            if written is not None:
                expect(got.get("again") == "same", f"{name}: a second call read the rewritten file ({got.get('again')})")
        # ACLPP_CANN_VERSION wins over the runtime's version.
        toolkit = make_toolkit(Path(scratch) / "toolkit", plain, "9.0.0")
        got = run(options.program, toolkit, {"ACLPP_CANN_VERSION": "9.1.0"})
        expect(got.get("empty_dump") == "0" and got.get("applied") == "9.1.0",
               f"ACLPP_CANN_VERSION=9.1.0 over version.info 9.0.0: {got}")
    print("ok   runtime CANN version" if failures == 0 else f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
