#!/usr/bin/env bash
# The vendor-runtime backend against the stand-in toolkit (B-4): configures a second build with
# -Druntime=cann -Dcann_home=<stand-in>, where the stand-in is what the emulated build in
# $ACLPP_BUILD_DIR (default build) made in test/standin/, and runs its suites (the C++ layer,
# the Catch2 helpers, acl-config and the backend's own tests). scripts/test.sh runs it last.
set -euo pipefail
cd "$(dirname "$0")/.."
emulated_dir=${ACLPP_BUILD_DIR:-build}
cann_dir=${ACLPP_CANN_BUILD_DIR:-$emulated_dir-cann}
standin="$PWD/$emulated_dir/test/standin/cann"
# The stand-in's files by their paths in the build tree (ninja's names for them).
ninja -C "$emulated_dir" test/standin/cann/lib64/libascendcl.so test/standin/stub/lib64/libascendcl.so \
  test/standin/cann/include/acl/acl.h test/standin/stub/include/acl/acl.h
if [ ! -f "$cann_dir/build.ninja" ]; then
  meson setup "$cann_dir" -Druntime=cann -Dcann_home="$standin" "$@"
fi
meson compile -C "$cann_dir"
meson test -C "$cann_dir" --print-errorlogs --num-processes "${ACLPP_TEST_JOBS:-2}"
