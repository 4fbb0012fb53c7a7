#!/usr/bin/env bash
# Installs the build into a temporary prefix and uses libcuzk_supraseal (and
# libcuzk_supraseal_curio) as a C program outside the build would: compiled
# with `cc` and nothing but pkg-config's flags, run against the installed
# library, its proofs verified by the installed cuzk.
# Usage: supraseal_install_test.sh BUILD_DIR SOURCE_DIR FIXTURE_PROGRAM
set -euo pipefail
build=$1 src=$2 fixture=$3
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "supraseal_install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
pcdir=$(dirname "$(find "$prefix" -name cuzk-supraseal.pc | head -n1)")
[ -f "$pcdir/cuzk-supraseal.pc" ] || fail "no cuzk-supraseal.pc under $prefix"
[ -f "$pcdir/cuzk-supraseal-curio.pc" ] || fail "no cuzk-supraseal-curio.pc beside it"
export PKG_CONFIG_PATH=$pcdir
for h in supraseal_c2.h supraseal_c2_curio.h supraseal_c2_types.h; do
  [ -f "$prefix/include/cuzk-supraseal/$h" ] || fail "no include/cuzk-supraseal/$h"
done
libdir=$(pkg-config --variable=libdir cuzk-supraseal)
[ -e "$libdir/libcuzk_supraseal.so" ] || fail "pkg-config's libdir $libdir has no libcuzk_supraseal.so"

mkdir "$prefix/fixture"
"$fixture" "$prefix/fixture" 3 || fail "the fixture generator failed"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -std=c11 -O1 -o "$prefix/api_test" "$src/tests/capi/supraseal_api_test.c" -I"$src/tests/capi" \
  $(pkg-config --cflags --libs cuzk-supraseal) -lpthread || fail "the C test does not build from pkg-config's flags"
# shellcheck disable=SC2046
cc -std=c11 -O1 -o "$prefix/curio_test" "$src/tests/capi/supraseal_curio_test.c" -I"$src/tests/capi" \
  $(pkg-config --cflags --libs cuzk-supraseal-curio) || fail "the Curio C test does not build from pkg-config's flags"
LD_LIBRARY_PATH=$libdir "$prefix/api_test" "$prefix/fixture" "$prefix/bin/cuzk" || fail "the installed library's test failed"
LD_LIBRARY_PATH=$libdir "$prefix/curio_test" "$prefix/fixture" "$prefix/bin/cuzk" || fail "the installed Curio library's test failed"
echo "supraseal_install_test: C programs built from pkg-config's flags prove with the installed libraries"
