#!/usr/bin/env bash
# The platforms of Ascend servers that the main suite (GCC 12, x86-64) does not cover (issue 27),
# as cheaply as CI's time allows:
#  1. GCC 11 (the compiler of Ubuntu 22.04; libstdc++ without constexpr std::string/std::vector,
#     so ACLPP_HAS_CONSTEXPR_CONFIG is 0): the library, acl-config and the tests of what depends
#     on the standard library's constexpr support: the typed config (cpp/config,
#     cpp/config-property, the -fno-exceptions build), a session, the compile-time config
#     example and the must-not-compile checks (which skip themselves, saying why).
#  2. aarch64 (Kunpeng): a cross release build (-O3) with Debian's g++-aarch64-linux-gnu
#     (scripts/cross/aarch64-linux-gnu.ini): the library and the suites where the CPU matters
#     (the emulated runtime's lifecycle and callbacks, whose lock-free paths depend on the
#     memory model, with the tests that start threads: core/lifecycle, core/devices, core/errors,
#     cpp/callbacks; the JSON reader over simdjson, whose kernels differ per CPU; a session, the
#     typed config and the demo), run under qemu-aarch64 through the cross file's exe_wrapper.
# Tests driven by a Python or shell script on the build machine that starts the programs itself
# (exit/*, tools/*, ...) cannot run in a cross build (docs/platforms.md); none is in these lists.
# Build directories: build-gcc11 and build-aarch64 (reused when present). ACLPP_TEST_JOBS sets
# the test processes (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh gcc11 aarch64
jobs=${ACLPP_TEST_JOBS:-2}
# Meson adds ccache by itself only when CC/CXX are unset.
ccache=()
command -v ccache >/dev/null && ccache=(ccache)

echo "== GCC 11: the library, acl-config and the tests of the typed config"
gcc11_dir=build-gcc11
if [ ! -f "$gcc11_dir/build.ninja" ]; then
  CC="${ccache[*]} gcc-11" CXX="${ccache[*]} g++-11" meson setup "$gcc11_dir"
fi
# meson compile finds a target's file from the last configure: regenerate first (a new version).
ninja -C "$gcc11_dir" build.ninja >/dev/null
meson compile -C "$gcc11_dir" aclpp acl-config example-compile_time_config \
  test-cpp-config test-cpp-config-property test-cpp-noexcept test-cpp-session
mapfile -t gcc11_tests < <(meson test -C "$gcc11_dir" --no-rebuild --list 2>/dev/null | sed "s,^.* / ,," |
  grep -E '^(cpp/config|cpp/config-property|cpp/no-exceptions|cpp/session|cpp/must-not-compile/.*|cpp/header-weight|cpp/example-compile-time-config|cpp/exported-symbols)$')
meson test -C "$gcc11_dir" --no-rebuild --print-errorlogs --num-processes "$jobs" "${gcc11_tests[@]}"

echo "== aarch64: cross release build (-O3), the suite under qemu-aarch64"
# A release build: GCC 12 reports some warnings only when optimising (-Wrestrict false positives,
# PR 105329), and this is the build a server gets; the library and acl-config are built whole.
arm_dir=build-aarch64
if [ ! -f "$arm_dir/build.ninja" ]; then
  meson setup "$arm_dir" --cross-file scripts/cross/aarch64-linux-gnu.ini -Dbuildtype=release \
    -Dpkg_config_path="$PWD/scripts/cross/aarch64-linux-gnu-pkgconfig"
fi
ninja -C "$arm_dir" build.ninja >/dev/null
meson compile -C "$arm_dir" aclpp acl-config test-core-lifecycle test-core-callbacks test-core-devices \
  test-core-errors test-core-json test-cpp-callbacks test-cpp-session test-cpp-config example-demo
arm_tests=(core/lifecycle core/callbacks core/devices core/errors core/json cpp/callbacks cpp/session
  "cpp/session (IPV350)" cpp/config cpp/example-demo cpp/exported-symbols)
meson test -C "$arm_dir" --no-rebuild --print-errorlogs --num-processes "$jobs" "${arm_tests[@]}"
