#!/usr/bin/env bash
# Installs the Debian 12 packages aclpp needs, if any is missing (root: apt-get; otherwise sudo).
set -euo pipefail
packages=(g++ meson ninja-build pkg-config libsimdjson-dev libfmt-dev catch2 libcli11-dev python3 cmake
          clang libclang-rt-14-dev valgrind libbenchmark-dev nlohmann-json3-dev
          python3-jsonschema)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
