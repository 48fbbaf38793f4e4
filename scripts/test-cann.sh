#!/usr/bin/env bash
# The vendor-runtime backend against the stand-in toolkits (B-4, B-5): for each stand-in the
# emulated build in $ACLPP_BUILD_DIR (default build) made in test/standin/<name>, configures a
# build with -Druntime=cann -Dcann_home=<stand-in> and runs its suites (the C++ layer, the
# Catch2 helpers, acl-config and the backend's own tests). scripts/test.sh runs it last.
# ACLPP_STANDINS picks some of them (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
emulated_dir=${ACLPP_BUILD_DIR:-build}
standins=${ACLPP_STANDINS:-cann cann8}
for name in $standins; do
  standin="$PWD/$emulated_dir/test/standin/$name"
  cann_dir="$emulated_dir-$name"
  ninja -C "$emulated_dir" "standin-$name"
  if [ ! -f "$cann_dir/build.ninja" ]; then
    meson setup "$cann_dir" -Druntime=cann -Dcann_home="$standin" "$@"
  fi
  meson compile -C "$cann_dir"
  meson test -C "$cann_dir" --print-errorlogs --num-processes "${ACLPP_TEST_JOBS:-2}"
done
