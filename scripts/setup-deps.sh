#!/usr/bin/env bash
# Installs the Debian 12 packages one route of aclpp needs, if any is missing (root: apt-get;
# otherwise sudo). Routes, each including the ones before it where marked:
#   build    compiler, meson, ninja, pkg-config, simdjson, fmt, CLI11 (acl-config): the library
#            and its tools, as on a server (`meson setup -Dtests=false`)
#   test     build + Catch2, CMake, python3-jsonschema: the test suite
#   checks   test + clang, valgrind, Google Benchmark, nlohmann-json: what scripts/test.sh and CI
#            run besides (clang builds, valgrind runs, libFuzzer, benchmarks). The default.
#   aarch64  the cross compiler, QEMU and the arm64 libraries for scripts/check-platforms.sh
#   gcc11, clang16  another compiler for scripts/check-platforms.sh
# Several routes may be named at once. docs/platforms.md has the package names on Ubuntu 22.04
# and openEuler.
set -euo pipefail

build=(g++ meson ninja-build pkg-config libsimdjson-dev libfmt-dev libcli11-dev python3)
test=("${build[@]}" catch2 cmake python3-jsonschema)
checks=("${test[@]}" clang libclang-rt-14-dev valgrind libbenchmark-dev nlohmann-json3-dev)
# libsimdjson-dev is not Multi-Arch: same, so the arm64 build links libsimdjson14:arm64 with the
# build machine's header (scripts/cross/aarch64-linux-gnu-pkgconfig/simdjson.pc). libc6:arm64
# gives QEMU the loader and libc of the tests (the cross file's exe_wrapper, -L /).
aarch64=("${test[@]}" g++-aarch64-linux-gnu qemu-user libc6:arm64 libsimdjson14:arm64 libfmt-dev:arm64)
gcc11=("${test[@]}" g++-11)
clang16=("${test[@]}" clang-16)

routes=("$@")
[ ${#routes[@]} -gt 0 ] || routes=(checks)
packages=()
for route in "${routes[@]}"; do
  case "$route" in
    build) packages+=("${build[@]}") ;;
    test) packages+=("${test[@]}") ;;
    checks) packages+=("${checks[@]}") ;;
    aarch64) packages+=("${aarch64[@]}") ;;
    gcc11) packages+=("${gcc11[@]}") ;;
    clang16) packages+=("${clang16[@]}") ;;
    *) echo "setup-deps.sh: unknown route '$route' (build, test, checks, aarch64, gcc11, clang16)" >&2; exit 2 ;;
  esac
done

if ! command -v apt-get >/dev/null; then
  echo "setup-deps.sh installs Debian packages with apt-get, which this system lacks;" >&2
  echo "docs/platforms.md names the packages of route(s) ${routes[*]} on other distributions." >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
if [[ " ${missing[*]}" == *":arm64"* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  "${sudo_cmd[@]}" dpkg --add-architecture arm64
fi
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
