#!/usr/bin/env bash
# The README's main job: checks and explains the bundled examples/acl.json with acl-config, then
# runs a session against the emulated runtime with the demo program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
build_dir=${ACLPP_BUILD_DIR:-build}
[ -f "$build_dir/build.ninja" ] || meson setup "$build_dir"
# Only what the demo runs (the core library, the demo program and acl-config, which exists when
# CLI11 was found): a first run does not wait for the test suite. scripts/test.sh builds the
# rest in the same build directory.
targets=(examples/example-demo)
if grep -q '^build tools/acl-config:' "$build_dir/build.ninja"; then
  targets+=(tools/acl-config)
fi
meson compile -C "$build_dir" "${targets[@]}"
config=examples/acl.json
if [ -x "$build_dir/tools/acl-config" ]; then
  echo "\$ acl-config check $config"
  "$build_dir/tools/acl-config" check "$config"
  echo
  echo "\$ acl-config explain $config"
  "$build_dir/tools/acl-config" explain "$config"
  echo
fi
echo "\$ demo $config"
"$build_dir/examples/example-demo" "$config"
