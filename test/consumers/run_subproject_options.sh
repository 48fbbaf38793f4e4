#!/usr/bin/env bash
# aclpp as a subproject with default options builds the library only; `-Daclpp:tests=true` brings
# its tests back (issue 27, docs/build-options.md). Configures a parent project twice and reads
# what it would build and test (ninja's plan, `meson introspect`); compiles nothing.
#   run_subproject_options.sh ACLPP_SOURCE_ROOT
source "$(dirname "$0")/common.sh"
source_root=$(cd "$1" && pwd)

consumer_workdir subproject-options
subproject_parent
build="$work/build"

setup_parent "$build" >"$work/setup.log" || { cat "$work/setup.log"; fail "meson setup of the parent"; }
steps=$(build_steps "$build")
objects=$(aclpp_test_objects "$build")
aclpp_tests=$(registered_tests "$build" aclpp | wc -l)
parent_tests=$(registered_tests "$build" parent | tr '\n' ' ')
echo "default options: $steps build steps, $objects aclpp test objects, $aclpp_tests aclpp tests, parent tests: $parent_tests"
[ "$objects" -eq 0 ] || fail "default options build $objects aclpp test objects"
[ "$aclpp_tests" -eq 0 ] || fail "default options register $aclpp_tests aclpp tests in the parent's meson test"
[ "$parent_tests" = "parent-consumer " ] || fail "the parent's tests are '$parent_tests', expected parent-consumer"
# Nothing but the library, its headers and its package files goes into the parent's prefix.
installed=$(meson introspect "$build" --installed | python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin).values()))')
if grep -E '/bin/|/share/aclpp/' <<<"$installed"; then
  fail "default options install aclpp's tools into the parent's prefix"
fi
grep -q '/include/acl/testing/catch2.hpp$' <<<"$installed" || fail "the Catch2 helpers are not installed"
echo "installed: $(wc -l <<<"$installed") files, no tools"

# The parent asks for aclpp's tests; examples and tools stay off.
setup_parent "$build" --reconfigure -Daclpp:tests=true >"$work/setup.log" ||
  { cat "$work/setup.log"; fail "meson setup of the parent with -Daclpp:tests=true"; }
steps_with_tests=$(build_steps "$build")
objects=$(aclpp_test_objects "$build")
aclpp_tests=$(registered_tests "$build" aclpp | wc -l)
echo "-Daclpp:tests=true: $steps_with_tests build steps, $objects aclpp test objects, $aclpp_tests aclpp tests"
[ "$objects" -gt 0 ] || fail "-Daclpp:tests=true builds no aclpp test object"
[ "$aclpp_tests" -gt 0 ] || fail "-Daclpp:tests=true registers no aclpp test"
# Tests that install aclpp's own build or configure it again belong to a top-level build only.
if registered_tests "$build" aclpp | grep -E '^(consumers/|install/|options-matrix)'; then
  fail "-Daclpp:tests=true registers tests that need aclpp at the top level"
fi
echo "subproject options: ok"
