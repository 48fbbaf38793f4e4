#!/usr/bin/env bash
# Consumer (a): a Meson project with aclpp as a subproject, with aclpp's default options, as a
# user gets it (issue 27). The aclpp source tree is linked into the consumer's subprojects/aclpp.
# Checks: only the library is built (no aclpp test object), the consumer runs, and `meson test`
# in the parent runs the parent's one test and nothing of aclpp's. Unoptimised, to stay fast.
#   run_subproject.sh ACLPP_SOURCE_ROOT
source "$(dirname "$0")/common.sh"
source_root=$(cd "$1" && pwd)

consumer_workdir subproject
subproject_parent
setup_parent "$work/build"
objects=$(aclpp_test_objects "$work/build")
echo "build steps: $(build_steps "$work/build"), aclpp test objects: $objects"
[ "$objects" -eq 0 ] || fail "a parent with default options builds $objects aclpp test objects"

meson compile -C "$work/build"
"$work/build/consumer"
meson test -C "$work/build" --no-rebuild | tee "$work/test.log"
grep -Eq '^Ok: +1 *$' "$work/test.log" || fail "meson test in the parent did not run exactly its one test"
grep -q 'parent-consumer' "$work/test.log" || fail "meson test in the parent did not run parent-consumer"
echo "subproject consumer: ok"
