#!/usr/bin/env bash
# Consumer (b): a Meson project finding the installed aclpp through pkg-config. The build is
# installed into a --destdir tree; PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR point at it.
#   run_pkgconfig.sh ACLPP_BUILD_ROOT
source "$(dirname "$0")/common.sh"
build_root=$(cd "$1" && pwd)

consumer_workdir pkgconfig
copy_project pkgconfig
stage_install "$build_root"
export PKG_CONFIG_PATH="$pc_dir" PKG_CONFIG_SYSROOT_DIR="$stage"

meson setup "$work/build" "$work/src" --buildtype=plain --wrap-mode=nodownload \
  -Dexpected_version="$(project_version "$build_root")"
meson compile -C "$work/build"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer-c"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer-catch2"
echo "pkg-config Meson consumer: ok"
