#!/usr/bin/env bash
# Installs the build into a temporary --destdir tree, then builds a C99 program that includes
# only <acl/acl.h> with -std=c99 -Wall -Werror against the installed headers, links it with
# `pkg-config --libs aclpp`, and runs it.
set -euo pipefail
build_dir=$1
source_file=$2
stage=$(mktemp -d /tmp/aclpp-install-XXXXXX)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build_dir" --destdir "$stage" --no-rebuild --quiet
# The JSON Schema for editors comes with acl-config (README, "Editing acl.json").
if [ -n "$(find "$stage" -path '*/bin/acl-config')" ] && [ -z "$(find "$stage" -path '*/share/aclpp/acl.schema.json')" ]; then
  echo "acl-config is installed without share/aclpp/acl.schema.json"
  exit 1
fi
# The installed acl-config runs from its prefix with no LD_LIBRARY_PATH (issue 27): its RUNPATH
# names the libdir relative to $ORIGIN, and the libaclpp it loads is the one installed with it,
# also when another libaclpp sits in the system's library path.
acl_config=$(find "$stage" -path '*/bin/acl-config' | head -n 1)
if [ -n "$acl_config" ]; then
  runpath=$(readelf -d "$acl_config" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  echo "acl-config RUNPATH: ${runpath:-none}"
  case $runpath in
    '$ORIGIN/'*) ;;
    *) echo "acl-config has no RUNPATH relative to \$ORIGIN"; exit 1 ;;
  esac
  loaded=$(env -u LD_LIBRARY_PATH ldd "$acl_config" | sed -n 's/^[[:space:]]*libaclpp\.so[^ ]* => \([^ ]*\).*/\1/p')
  echo "acl-config loads: ${loaded:-nothing}"
  case $loaded in
    "$stage"/*) ;;
    *) echo "the installed acl-config does not load the libaclpp installed with it"; exit 1 ;;
  esac
  env -u LD_LIBRARY_PATH "$acl_config" socs >/dev/null || { echo "the installed acl-config does not run"; exit 1; }
fi
pc_dir=$(dirname "$(find "$stage" -name aclpp.pc | head -n 1)")
[ -n "$pc_dir" ] || { echo "aclpp.pc was not installed"; exit 1; }
export PKG_CONFIG_PATH="$pc_dir" PKG_CONFIG_SYSROOT_DIR="$stage"
cflags=$(pkg-config --cflags aclpp)
libs=$(pkg-config --libs aclpp)
echo "pkg-config --cflags: $cflags"
echo "pkg-config --libs:   $libs"
cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags "$source_file" -o "$stage/c99_consumer" $libs
libdir=$(dirname "$(find "$stage" -name 'libaclpp.so' | head -n 1)")
LD_LIBRARY_PATH="$libdir" "$stage/c99_consumer"
echo "1 passed, 0 failed"
