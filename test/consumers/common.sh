# Shared by the consumer drivers (sourced): a temporary work directory removed on exit, a copy of
# one consumer project, and the build installed into a --destdir tree.
set -euo pipefail

consumers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# consumer_workdir NAME: $work, a fresh directory removed when the driver exits.
consumer_workdir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/aclpp-consumer-$1-XXXXXX")
  trap 'rm -rf "$work"' EXIT
}

# copy_project DIR: $work/src holds test/consumers/DIR plus the shared consumer sources (the C and
# C++ consumers and the Catch2 test).
copy_project() {
  mkdir -p "$work/src"
  cp -R "$consumers_dir/$1/." "$work/src/"
  cp "$consumers_dir/consumer.cpp" "$consumers_dir/consumer.c" "$consumers_dir/catch2_consumer_test.cpp" "$work/src/"
}

# meson_option BUILD_DIR NAME: the value of a built-in option of that build.
meson_option() {
  meson introspect "$1" --buildoptions |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$2"
}

# project_version BUILD_DIR: aclpp's version ("0.2.0").
project_version() {
  meson introspect "$1" --projectinfo | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])'
}

# stage_install BUILD_DIR: installs the build under $work/stage and sets $stage, $prefix_root
# (the prefix inside the stage), $libdir_path and $pc_dir.
stage_install() {
  local build_dir=$1 prefix libdir
  stage="$work/stage"
  meson install -C "$build_dir" --destdir "$stage" --no-rebuild --quiet
  prefix=$(meson_option "$build_dir" prefix)
  libdir=$(meson_option "$build_dir" libdir)
  case $libdir in
    /*) ;;
    *) libdir="$prefix/$libdir" ;;
  esac
  prefix_root="$stage$prefix"
  libdir_path="$stage$libdir"
  pc_dir="$libdir_path/pkgconfig"
  [ -f "$pc_dir/aclpp.pc" ] || fail "aclpp.pc was not installed in $pc_dir"
}

# subproject_parent: $work/src is the parent project of test/consumers/subproject with this aclpp
# source tree ($source_root) linked in as subprojects/aclpp. An aclpp "installed elsewhere" is
# put first on PKG_CONFIG_PATH: without --force-fallback-for=aclpp the parent would take it.
subproject_parent() {
  copy_project subproject
  mkdir -p "$work/src/subprojects" "$work/elsewhere"
  ln -s "$source_root" "$work/src/subprojects/aclpp"
  printf 'Name: aclpp\nDescription: an aclpp installed elsewhere\nVersion: 99.0.0\nCflags: -I%s\nLibs: -laclpp\n' \
    "$work/elsewhere" >"$work/elsewhere/aclpp.pc"
  export PKG_CONFIG_PATH="$work/elsewhere${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

# setup_parent BUILD_DIR [OPTION...]: configures the parent with aclpp's default options unless
# given. --force-fallback-for=aclpp: an aclpp installed elsewhere on the machine (pkg-config, or
# CMake's package search, which scans /opt) must not be taken instead of the subproject.
setup_parent() {
  local build_dir=$1
  shift
  meson setup "$build_dir" "$work/src" --buildtype=plain --wrap-mode=nodownload --force-fallback-for=aclpp "$@"
}

# build_steps BUILD_DIR: how many steps ninja would run to build everything from scratch.
build_steps() {
  ninja -C "$1" -t commands | wc -l
}

# aclpp_test_objects BUILD_DIR: how many build outputs lie under aclpp's test/ directory.
aclpp_test_objects() {
  ninja -C "$1" -t targets all | grep -c '^subprojects/aclpp/test/' || true
}

# registered_tests BUILD_DIR OWNER: the tests `meson test` would run that belong to OWNER
# ("aclpp": the subproject's; "parent": the others), one name a line.
registered_tests() {
  meson introspect "$1" --tests | python3 -c '
import json, sys
owner = sys.argv[1]
for test in json.load(sys.stdin):
    of_aclpp = any(suite == "aclpp" or suite.startswith("aclpp:") for suite in test["suite"])
    if of_aclpp == (owner == "aclpp"):
        print(test["name"])' "$2"
}
