#!/usr/bin/env bash
# Installs the build into a temporary prefix, then configures, builds and runs
# a program outside the tree (packaging/example) that finds the C libraries with
# find_package(cuzk) from that prefix alone.
# Usage: cmake_package_test.sh BUILD_DIR
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")/../../packaging/example" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "cmake_package_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
config=$(find "$work/prefix" -name cuzkConfig.cmake | head -1)
[ -n "$config" ] || fail "no cuzkConfig.cmake under the prefix"
cmake -S "$here" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log" >&2; fail "find_package(cuzk) failed"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "the consumer does not build"; }
if grep -q -- "$build\|$root/src" "$work/build/CMakeFiles/consumer.dir/flags.make"; then
  fail "the consumer's flags point into the cuzk tree"
fi
"$work/build/consumer" || fail "the consumer failed"
echo "cmake_package_test: find_package(cuzk) from ${config#"$work/prefix"/} built and ran the consumer"
