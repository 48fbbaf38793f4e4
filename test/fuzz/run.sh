#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) into build-fuzz and runs each for its
# share of the time, then prints executions and executions per second per target.
#
#   test/fuzz/run.sh [seconds_total]      (default 60; CI runs 60)
#
# Environment: ACLPP_FUZZ_BUILD (build dir, default <repo>/build-fuzz), ACLPP_FUZZ_JOBS (ninja
# -j, default 2), ACLPP_FUZZ_ARGS (extra libFuzzer flags). New corpus entries go to
# <build>/fuzz-corpus/<target>; the seeds in test/fuzz/corpus/<target> and, for the two
# acl.json targets, the JSON files of test/fixtures/conformance are read but never written.
# A crash leaves its input in <build>/fuzz-artifacts/ and makes the script exit non-zero.
set -eu

total=${1:-60}
case $total in
  ''|*[!0-9]*) echo "usage: $0 [seconds_total]" >&2; exit 2 ;;
esac

src=$(cd "$(dirname "$0")/../.." && pwd)
build=${ACLPP_FUZZ_BUILD:-$src/build-fuzz}
jobs=${ACLPP_FUZZ_JOBS:-2}
targets="fuzz_validate fuzz_init_cycle fuzz_sequence fuzz_acl_config_output"

if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ meson setup "$build" "$src" -Dfuzz=true -Dtests=true -Dexamples=false \
    -Dtools=disabled -Db_lundef=false >/dev/null
else
  meson configure "$build" -Dfuzz=true >/dev/null
fi
ninja_targets=""
for t in $targets; do ninja_targets="$ninja_targets test/fuzz/$t"; done
# shellcheck disable=SC2086
ninja -C "$build" -j "$jobs" $ninja_targets >/dev/null

count=0
for t in $targets; do count=$((count + 1)); done
share=$((total / count))
[ "$share" -ge 1 ] || share=1

# The JSON directories only: the fixtures' README.md and expected.tsv are not acl.json seeds.
conformance_seeds="$src/test/fixtures/conformance/acl $src/test/fixtures/conformance/adump"
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
# The runtime resolves relative dump paths against the working directory: use a scratch one.
scratch=$(mktemp -d /tmp/aclpp-fuzz-XXXXXX)
trap 'rm -rf "$scratch"' EXIT INT TERM
mkdir -p "$scratch/output" "$scratch/dump"

status=0
summary=""
for t in $targets; do
  work="$build/fuzz-corpus/$t"
  mkdir -p "$work"
  seeds="$src/test/fuzz/corpus/$t"
  extra=""
  if [ "$t" != fuzz_sequence ]; then extra="$conformance_seeds"; fi
  log="$build/fuzz-$t.log"
  echo "== $t: ${share}s" >&2
  # The emulated platform and paths come from nothing but the input (as in the test suite).
  # shellcheck disable=SC2086
  if (cd "$scratch" && env -u ACLPP_SOC -u ACLPP_DEVICE_COUNT -u ASCEND_WORK_PATH -u ASCEND_DUMP_PATH \
        -u NPU_COLLECT_PATH -u ASCEND_DUMP_SCENE -u PROFILER_SAMPLECONFIG -u ASCEND_LOG_DEVICE_FLUSH_TIMEOUT \
        -u AUTO_USE_UC_MEMORY \
        ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}" \
        UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
        "$build/test/fuzz/$t" -max_len=65536 -max_total_time="$share" -print_final_stats=1 \
        -artifact_prefix="$artifacts/$t-" ${ACLPP_FUZZ_ARGS:-} "$work" "$seeds" $extra) >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
    tail -n 60 "$log" >&2
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  summary="$summary$(printf '%-16s %-6s %10s execs %8s execs/s  %4ss' "$t" "$result" "${execs:-?}" "${rate:-?}" "$share")
"
done

printf '\nfuzz summary (%ss total, logs in %s/fuzz-<target>.log)\n%s' "$total" "$build" "$summary"
exit $status
