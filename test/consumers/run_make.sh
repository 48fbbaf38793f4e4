#!/usr/bin/env bash
# Consumer (d): a plain C99 program built by a Makefile with `pkg-config --cflags --libs aclpp`
# against the installed tree.
#   run_make.sh ACLPP_BUILD_ROOT
source "$(dirname "$0")/common.sh"
build_root=$(cd "$1" && pwd)

consumer_workdir make
copy_project make
stage_install "$build_root"
export PKG_CONFIG_PATH="$pc_dir" PKG_CONFIG_SYSROOT_DIR="$stage"

make -C "$work/src" consumer-c
LD_LIBRARY_PATH="$libdir_path" "$work/src/consumer-c"
echo "Makefile consumer: ok"
