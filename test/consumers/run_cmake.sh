#!/usr/bin/env bash
# Consumer (c): a CMake project using find_package(aclpp CONFIG) and aclpp::aclpp against the
# installed tree (CMAKE_PREFIX_PATH is the prefix inside a --destdir tree).
#   run_cmake.sh ACLPP_BUILD_ROOT
source "$(dirname "$0")/common.sh"
build_root=$(cd "$1" && pwd)

consumer_workdir cmake
copy_project cmake
stage_install "$build_root"
[ -f "$libdir_path/cmake/aclpp/aclppConfig.cmake" ] || fail "aclppConfig.cmake was not installed"
[ -f "$libdir_path/cmake/aclpp/aclppConfigVersion.cmake" ] || fail "aclppConfigVersion.cmake was not installed"

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$work/src" -B "$work/build" "${generator[@]}" \
  -DCMAKE_PREFIX_PATH="$prefix_root" \
  -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON \
  -DACLPP_EXPECTED_VERSION="$(project_version "$build_root")"
cmake --build "$work/build"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer-c"
LD_LIBRARY_PATH="$libdir_path" "$work/build/consumer-catch2"
echo "CMake consumer: ok"
