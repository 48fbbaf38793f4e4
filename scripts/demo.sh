#!/usr/bin/env bash
# The README's main job: checks and explains the bundled examples/acl.json with acl-config, then
# runs a session against the emulated runtime with the demo program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-deps.sh
build_dir=${ACLPP_BUILD_DIR:-build}
[ -f "$build_dir/build.ninja" ] || meson setup "$build_dir"
meson compile -C "$build_dir"
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
