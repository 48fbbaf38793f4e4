#!/usr/bin/env bash
# Builds and runs the Catch2 helper tests (test/testing) and a representative set of the normal
# Catch2 tests (test/core, test/cpp) against Catch2 v3 from Debian bookworm-backports, without
# installing it: the system keeps Catch2 2.13 for the main suite.
#
#   scripts/catch2-v3-check.sh
#
# 1. apt-get with a private sources list and state (nothing under /etc/apt or /var/lib/apt
#    changes) downloads the current bookworm-backports `catch2` and the packages it depends on
#    (since 3.4 `catch2` is a transitional package; the headers, libCatch2.a and the .pc files
#    are in `libcatch2-dev`).
# 2. dpkg-deb -x unpacks them into a scratch prefix; the .pc files are rewritten to point there.
# 3. A separate Meson build dir finds that Catch2 through --pkg-config-path, builds only the
#    tests below, checks that they really are Catch2 v3 binaries, and runs them with meson test
#    (the deliberately leaking test must still fail, and fail for the right reasons).
#
# Environment:
#   ACLPP_CATCH2_V3_DIR     scratch and build directory (default: build-catch2-v3 in the tree;
#                           an existing build there is reused)
#   ACLPP_CATCH2_V3_DEBS    space-separated local .deb files to use instead of downloading
#   ACLPP_DEBIAN_MIRROR     Debian mirror (default: http://deb.debian.org/debian)
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
start=$SECONDS

# test name : build target. The helpers (with the project's main and with Catch2WithMain), then
# white-box core tests (the internal archive; schema-top-level uses a string matcher) and tests
# of the C++ layer (the public library).
tests=(
  testing/catch2-helpers:test/testing/test-testing-catch2-helpers
  testing/catch2-leak-is-caught:test/testing/test-testing-catch2-leak-is-caught
  testing/catch2-leak-report:
  testing/catch2-v3-include-order-is-free:
  testing/catch2-v3-with-main:test/testing/test-testing-catch2-v3-with-main
  testing/catch2-fresh-runtime:test/testing/test-testing-catch2-fresh-runtime
  core/schema-top-level:test/core/test-core-schema-top-level
  core/lifecycle:test/core/test-core-lifecycle
  core/callbacks:test/core/test-core-callbacks
  cpp/errors:test/cpp/test-cpp-errors
  cpp/session:test/cpp/test-cpp-session
  cpp/device:test/cpp/test-cpp-device
)

die() {
  echo "catch2-v3-check: error: $*" >&2
  exit 1
}

scripts/setup-deps.sh
for tool in apt-get apt-cache dpkg-deb meson ninja pkg-config; do
  command -v "$tool" >/dev/null || die "$tool is missing"
done

work=${ACLPP_CATCH2_V3_DIR:-$src/build-catch2-v3}
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$work/root
pcdir=$work/pkgconfig
build=$work/build
debdir=$work/debs
mirror=${ACLPP_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm-backports

echo "== Catch2 v3 from $suite (not installed; unpacked into $root)"
rm -rf "$debdir" "$root" "$pcdir"
mkdir -p "$debdir" "$root" "$pcdir"
if [ -n "${ACLPP_CATCH2_V3_DEBS:-}" ]; then
  # shellcheck disable=SC2086 # a list of paths on purpose
  cp $ACLPP_CATCH2_V3_DEBS "$debdir"/
else
  apt_dir=$work/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" >"$apt_dir/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Sandbox::User=root)
  fetch_failed() {
    die "could not $1 from $suite at $mirror (no network, or the package moved?).
  By hand: download catch2 and libcatch2-dev from $mirror/pool/main/c/catch2/ and run
  ACLPP_CATCH2_V3_DEBS='catch2_*.deb libcatch2-dev_*.deb' $0"
  }
  apt-get -qq "${apt_opts[@]}" update || fetch_failed "read the package lists"
  # The package and what it depends on (catch2 -> libcatch2-dev), all from backports.
  packages=(catch2)
  while read -r dep; do packages+=("$dep"); done < <(
    apt-cache "${apt_opts[@]}" depends --no-pre-depends --no-recommends --no-suggests --no-conflicts \
      --no-breaks --no-replaces --no-enhances "catch2/$suite" 2>/dev/null |
      sed -n 's/^ *Depends: \([a-z0-9][a-z0-9+.-]*\)$/\1/p')
  (cd "$debdir" && apt-get -qq "${apt_opts[@]}" download "${packages[@]/%//$suite}") ||
    fetch_failed "download ${packages[*]}"
fi
for deb in "$debdir"/*.deb; do
  [ -f "$deb" ] || die "no .deb in $debdir"
  echo "   $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version) ($(dpkg-deb -f "$deb" Architecture))"
  dpkg-deb -x "$deb" "$root"
done
[ -f "$root/usr/include/catch2/catch_all.hpp" ] || die "the packages hold no catch2/catch_all.hpp (not Catch2 v3?)"

# The .pc files name /usr literally (not through ${prefix}): point every /usr path at the copy.
shopt -s nullglob
for pc in "$root"/usr/share/pkgconfig/*.pc "$root"/usr/lib/pkgconfig/*.pc "$root"/usr/lib/*/pkgconfig/*.pc; do
  sed -E "s#^([A-Za-z_]+)=/usr#\1=$root/usr#" "$pc" >"$pcdir/$(basename "$pc")"
done
shopt -u nullglob
catch2_version=$(PKG_CONFIG_PATH=$pcdir pkg-config --modversion catch2) || die "no catch2.pc in the packages"
case $catch2_version in 3.*) ;; *) die "catch2.pc says $catch2_version, not 3.x" ;; esac
[ "$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=includedir catch2)" = "$root/usr/include" ] ||
  die "catch2.pc does not point into $root"
echo "   catch2.pc: $catch2_version, $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs catch2 | sed "s/ *$//")"

echo "== meson setup $build (Catch2 $catch2_version through --pkg-config-path)"
setup_opts=(--pkg-config-path="$pcdir" -Dtools=disabled -Dexamples=false -Dfmt=disabled -Dbench=disabled)
if [ -f "$build/build.ninja" ]; then
  meson setup --reconfigure "$build" "$src" "${setup_opts[@]}" >"$work/meson-setup.log"
else
  meson setup "$build" "$src" "${setup_opts[@]}" >"$work/meson-setup.log"
fi
grep -q "catch2 found: YES $catch2_version" "$build/meson-logs/meson-log.txt" ||
  die "meson did not pick Catch2 $catch2_version (see $build/meson-logs/meson-log.txt)"

names=()
targets=()
for entry in "${tests[@]}"; do
  names+=("${entry%%:*}")
  [ -n "${entry#*:}" ] && targets+=("${entry#*:}")
done
echo "== building ${#targets[@]} test executables"
ninja -C "$build" "${targets[@]}"

# A test that passes against v2 by mistake proves nothing: every executable must say v3.
for target in "${targets[@]}"; do
  identified=$("$build/$target" --libidentify | sed -n 's/^version: *//p')
  [ "$identified" = "$catch2_version" ] || die "$target reports Catch2 '$identified', expected $catch2_version"
done
# The listing is captured first: `... | grep -q` under pipefail fails when grep exits early.
listed=$("$build/test/testing/test-testing-catch2-helpers" --list-tests)
grep -qF "compose with Catch2 v3 matcher operators" <<<"$listed" ||
  die "<acl/testing/catch2.hpp> did not take its Catch2 v3 path"
echo "   every executable reports Catch2 $catch2_version; the helpers took their v3 path"

# meson test skips a name it does not know without a word: each must be registered.
registered=$(meson test -C "$build" --no-rebuild --list 2>/dev/null | sed 's#^.* / ##')
for name in "${names[@]}"; do
  grep -qxF -- "$name" <<<"$registered" || die "meson has no test $name (see $build/meson-logs/meson-log.txt)"
done

echo "== meson test (${#names[@]} tests)"
meson test -C "$build" --no-rebuild --print-errorlogs --num-processes "${ACLPP_TEST_JOBS:-2}" "${names[@]}"

echo "== catch2-v3-check: OK with Catch2 $catch2_version in $((SECONDS - start)) s"
