#!/usr/bin/env python3
"""C-4: one canonical layout. The text acl::Config::to_json() writes (test/tools/to_json_samples.cpp)
passes `acl-config fmt --check`, and `acl-config fmt` gives it back byte for byte.

    to_json_fmt_test.py --tool ACL_CONFIG --samples TO_JSON_SAMPLES
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

CASES = {
    "lists": "a dump_list of two models with layers and filters, the profiler, top-level keys, an extra key",
    "empty": "nested empty lists and objects",
}


def run(command):
    return subprocess.run(command, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--samples", required=True)
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory(prefix="aclpp-to-json-fmt-") as tmp:
        for case, what in CASES.items():
            sample = run([args.samples, case])
            if sample.returncode != 0:
                failures.append(f"{case}: to-json-samples failed: {sample.stderr.decode(errors='replace')}")
                continue
            text = sample.stdout
            json.loads(text)  # the sample is JSON at all, or the comparisons below mean nothing
            path = os.path.join(tmp, case + ".json")
            with open(path, "wb") as f:
                f.write(text)
            check = run([args.tool, "fmt", "--check", path])
            if check.returncode != 0 or check.stdout or check.stderr:
                failures.append(f"{case} ({what}): fmt --check exits {check.returncode}: "
                                f"{(check.stdout + check.stderr).decode(errors='replace').strip()}")
            formatted = run([args.tool, "fmt", path])
            if formatted.returncode != 0 or formatted.stdout != text:
                failures.append(f"{case} ({what}): fmt changes the text to_json wrote:\n"
                                f"--- to_json\n{text.decode(errors='replace')}"
                                f"--- fmt (exit {formatted.returncode})\n{formatted.stdout.decode(errors='replace')}")
            print(f"{case}: {len(text)} bytes, {text.count(b'[')} arrays")
    if failures:
        print("FAIL:\n" + "\n".join(failures))
        return 1
    print(f"ok: fmt --check accepts and fmt keeps the to_json text of {len(CASES)} configs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
