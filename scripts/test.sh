#!/usr/bin/env bash
# The README's test command: installs what is missing, builds with warnings as errors and runs
# the whole test suite, then the vendor-runtime backend against the stand-in toolkit
# (scripts/test-cann.sh; ACLPP_TEST_CANN=0 leaves it out). Extra arguments go to `meson setup`
# of both builds (e.g. -Db_sanitize=thread).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
build_dir=${ACLPP_BUILD_DIR:-build}
if [ ! -f "$build_dir/build.ninja" ]; then
  meson setup "$build_dir" "$@"
fi
meson compile -C "$build_dir"
meson test -C "$build_dir" --print-errorlogs --num-processes "${ACLPP_TEST_JOBS:-2}"
# The same layer over the vendor runtime, against the stand-in toolkit the build just made (B-4).
# The same meson options (a sanitizer, say) apply to both builds.
if [ "${ACLPP_TEST_CANN:-1}" != 0 ]; then
  scripts/test-cann.sh "$@"
fi
