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

# copy_project DIR: $work/src holds test/consumers/DIR plus the shared consumer sources.
copy_project() {
  mkdir -p "$work/src"
  cp -R "$consumers_dir/$1/." "$work/src/"
  cp "$consumers_dir/consumer.cpp" "$consumers_dir/consumer.c" "$work/src/"
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
