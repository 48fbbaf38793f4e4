#!/usr/bin/env bash
# Builds only what the tests of the given suites need and runs those tests: a sanitizer run of
# one concern (the tests that start threads, under ThreadSanitizer) without building the whole
# suite a second time.
#
#   scripts/test-suites.sh <configured build dir> <suite>...
#
# `meson test --suite` alone would first build every target of the project.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 <build dir> <suite>..." >&2; exit 2; }
build_dir=$1
shift
mapfile -t targets < <(python3 - "$build_dir" "$@" <<'EOF'
import json, os, subprocess, sys

build_dir, suites = sys.argv[1], sys.argv[2:]
def introspect(what):
    return json.loads(subprocess.check_output(["meson", "introspect", build_dir, what]))
# A test's suites are named "<project>:<suite>".
wanted = [t for t in introspect("--tests") if any(s.split(":")[-1] in suites for s in t["suite"])]
if not wanted:
    sys.exit(f"no test of the suites {' '.join(suites)} in {build_dir}")
files = {t["id"]: t["filename"] for t in introspect("--targets")}
for target_id in sorted({d for t in wanted for d in t["depends"]}):
    for path in files[target_id]:
        print(os.path.relpath(path, os.path.abspath(build_dir)))
EOF
)
ninja -C "$build_dir" "${targets[@]}"
suite_args=()
for suite in "$@"; do suite_args+=(--suite "$suite"); done
meson test -C "$build_dir" --no-rebuild --print-errorlogs --num-processes "${ACLPP_TEST_JOBS:-2}" "${suite_args[@]}"
