#!/usr/bin/env bash
# B-1: the cann build installs no <acl/acl.h> (the toolkit's is used), and its aclpp.pc and CMake
# package carry the toolkit's include and link flags; a C++20 program built with the pkg-config
# flags against the installed tree starts and stops a Session over the toolkit's runtime.
# Usage: check_install.sh BUILD_DIR CANN_HOME CONSUMER_SOURCE
set -euo pipefail
build_dir=$1
cann_home=$2
source_file=$3
stage=$(mktemp -d /tmp/aclpp-install-cann-XXXXXX)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build_dir" --destdir "$stage" --no-rebuild --quiet
fail() { echo "FAILED: $*"; exit 1; }
[ -z "$(find "$stage" -path '*/include/acl/acl.h')" ] || fail "acl/acl.h is installed"
[ -n "$(find "$stage" -path '*/include/acl/aclpp_ext.h')" ] || fail "acl/aclpp_ext.h is not installed"
pc=$(find "$stage" -name aclpp.pc | head -n 1)
[ -n "$pc" ] || fail "aclpp.pc was not installed"
grep -q -- "-I$cann_home/include" "$pc" || fail "aclpp.pc lacks -I$cann_home/include"
grep -q -- "-L$cann_home/lib64 -lascendcl" "$pc" || fail "aclpp.pc lacks -L$cann_home/lib64 -lascendcl"
cmake_config=$(find "$stage" -name aclppConfig.cmake | head -n 1)
if [ -n "$cmake_config" ]; then
  grep -q "$cann_home/include" "$cmake_config" || fail "aclppConfig.cmake lacks the toolkit's include folder"
  grep -q "$cann_home/lib64/libascendcl.so" "$cmake_config" || fail "aclppConfig.cmake lacks libascendcl.so"
fi
# The installed prefix is inside the stage: let pkg-config find it there, keeping the toolkit's
# (absolute, outside the stage) paths as they are.
prefix=$(sed -n 's/^prefix=//p' "$pc")
cflags=$(pkg-config --cflags "$pc" | sed "s|-I$prefix|-I$stage$prefix|g")
libs=$(pkg-config --libs "$pc" | sed "s|-L$prefix|-L$stage$prefix|g")
echo "pkg-config --cflags: $cflags"
echo "pkg-config --libs:   $libs"
c++ -std=c++20 -Wall -Wextra -Werror $cflags "$source_file" -o "$stage/consumer" $libs
libdir=$(dirname "$(find "$stage" -name 'libaclpp.so' | head -n 1)")
LD_LIBRARY_PATH="$libdir:$cann_home/lib64" "$stage/consumer"
echo "1 passed, 0 failed"
