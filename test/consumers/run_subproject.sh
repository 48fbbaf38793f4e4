#!/usr/bin/env bash
# Consumer (a): a Meson project with aclpp as a subproject. The aclpp source tree is linked into
# the consumer's subprojects/aclpp; `dependency('aclpp')` picks up the override. Only the core
# is built (no tests, examples or tools), unoptimised, to stay fast.
#   run_subproject.sh ACLPP_SOURCE_ROOT
source "$(dirname "$0")/common.sh"
source_root=$(cd "$1" && pwd)

consumer_workdir subproject
copy_project subproject
mkdir -p "$work/src/subprojects"
ln -s "$source_root" "$work/src/subprojects/aclpp"

meson setup "$work/build" "$work/src" --buildtype=plain --wrap-mode=nodownload \
  -Daclpp:tests=false -Daclpp:examples=false -Daclpp:tools=disabled -Daclpp:bench=disabled -Daclpp:fuzz=false
meson compile -C "$work/build"
"$work/build/consumer"
echo "subproject consumer: ok"
