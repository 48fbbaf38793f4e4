#!/usr/bin/env bash
# Configures and builds aclpp with every value of the build options tests, examples, tools,
# bench and fuzz at least once, and once as a static library (docs/build-options.md), each in a
# fresh build directory that is removed afterwards. Slow (several full builds): registered in the
# test suite 'slow', which `meson test` leaves out by default; run it with
# `meson test -C <build> --suite slow` or directly: test/consumers/options_matrix.sh [SOURCE_ROOT].
# ACLPP_MATRIX_JOBS sets the ninja parallelism (default: the number of cores).
set -euo pipefail
source_root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/aclpp-options-XXXXXX")
trap 'rm -rf "$work"' EXIT
jobs=${ACLPP_MATRIX_JOBS:-$(nproc)}

# name | compiler | what to build ("" = everything) | options
# Unoptimised (buildtype=plain): this checks the wiring of the options, not the code generation,
# which the regular builds cover. fuzz needs clang and lives under test/, so its row has
# tests=true and builds the fuzz targets only.
rows=(
  "minimal|gcc||-Dtests=false -Dexamples=false -Dtools=disabled -Dbench=disabled -Dfuzz=false"
  "tests|gcc||-Dtests=true -Dexamples=false -Dtools=disabled -Dbench=disabled -Dfuzz=false"
  "examples-tools-bench|gcc||-Dtests=false -Dexamples=true -Dtools=enabled -Dbench=enabled -Dfuzz=false"
  "static|gcc||-Ddefault_library=static -Dtests=false -Dexamples=true -Dtools=enabled -Dbench=disabled -Dfuzz=false"
  "fuzz|clang|fuzz_validate fuzz_init_cycle fuzz_sequence|-Dtests=true -Dexamples=false -Dtools=disabled -Dbench=disabled -Dfuzz=true"
)

declare -A seen=()
results=()
status=0
for row in "${rows[@]}"; do
  IFS='|' read -r name compiler targets options <<<"$row"
  for option in $options; do seen[$option]=1; done
  if [ "$compiler" = clang ]; then
    if ! command -v clang++ >/dev/null; then
      results+=("$name: SKIPPED (no clang++)")
      continue
    fi
    export CC=clang CXX=clang++
  else
    export CC=gcc CXX=g++
  fi
  build="$work/$name"
  start=$SECONDS
  echo "== $name ($compiler): meson setup $options"
  # shellcheck disable=SC2086 # the options are words on purpose
  if meson setup "$build" "$source_root" --buildtype=plain --wrap-mode=nodownload $options >"$work/$name.log" 2>&1 &&
     { echo "== $name: meson compile ${targets:-(all)}"; true; } &&
     # shellcheck disable=SC2086
     meson compile -C "$build" -j "$jobs" $targets >>"$work/$name.log" 2>&1; then
    results+=("$name: ok ($((SECONDS - start)) s)")
  else
    tail -n 60 "$work/$name.log"
    results+=("$name: FAILED ($((SECONDS - start)) s)")
    status=1
  fi
  rm -rf "$build"
done
unset CC CXX

# Every option must have been both on and off.
for option in tests examples fuzz; do
  for value in true false; do
    [ -n "${seen[-D$option=$value]:-}" ] || { results+=("-D$option=$value: never built"); status=1; }
  done
done
for option in tools bench; do
  for value in enabled disabled; do
    [ -n "${seen[-D$option=$value]:-}" ] || { results+=("-D$option=$value: never built"); status=1; }
  done
done

printf '%s\n' "${results[@]}"
exit $status
