#!/usr/bin/env bash
# libcuzk_rapidsnark as a user gets it: `cmake --install` into a temporary
# prefix, then the C API test compiled with cc from a copy of its source using
# only `pkg-config --cflags --libs cuzk-rapidsnark` (PKG_CONFIG_PATH into the
# prefix), run on both curves with its proofs verified by snarkjs
# (rapidsnark_api_test.sh), and the installed library checked: its soname,
# nothing it needs in the build tree, exactly rapidsnark's exports.
# Usage: rapidsnark_install_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
CAPI=$HERE/../capi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "FAIL: rapidsnark_install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name cuzk-rapidsnark.pc)
[ -n "$pc" ] || fail "no cuzk-rapidsnark.pc under the prefix"
export PKG_CONFIG_PATH=$(dirname "$pc")
flags=$(pkg-config --cflags --libs cuzk-rapidsnark) || fail "pkg-config does not know cuzk-rapidsnark"
libdir=$(cd "$(pkg-config --variable=libdir cuzk-rapidsnark)" && pwd -P)
case " $flags " in *"$build"* | *"$(cd "$HERE/../.." && pwd)"*) fail "pkg-config flags point into the tree: $flags" ;; esac
[ "$(cd "$libdir" && pwd -P)" = "$(cd "$(dirname "$pc")/.." && pwd -P)" ] || fail "libdir $libdir is not where the .pc file lies"
for h in prover.h verifier.h; do
  [ -f "$(pkg-config --variable=includedir cuzk-rapidsnark)/cuzk-rapidsnark/$h" ] || fail "$h not installed"
done

lib=$libdir/libcuzk_rapidsnark.so
[ -e "$lib" ] || fail "no $lib"
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$libdir/$soname" ] || fail "soname '$soname' is not installed beside $lib"
if readelf -d "$lib" | grep -E '\((RPATH|RUNPATH)\)' | grep -F "$build" >/dev/null; then fail "$lib has a run path into the build tree"; fi
ldd "$lib" | grep -F "$build" && fail "$lib resolves libraries in the build tree"
ldd "$lib" | grep "not found" >/dev/null && fail "$lib needs libraries that are not found: $(ldd "$lib" | grep 'not found')"
bash "$CAPI/rapidsnark_exports_test.sh" "$lib" "$CAPI/rapidsnark_exports.txt"

mkdir "$work/user"
cp "$CAPI/rapidsnark_api_test.c" "$work/user/"
cd "$work/user"
# shellcheck disable=SC2086 # the flags are words
cc -std=c11 -Wall -Werror -o api_test rapidsnark_api_test.c $flags -pthread -Wl,-rpath,"$libdir"
ldd ./api_test | grep "libcuzk_rapidsnark.*=> $libdir/" >/dev/null || fail "api_test does not load the installed library: $(ldd ./api_test)"
echo "ok: built against the installed cuzk-rapidsnark ($flags)"
bash "$CAPI/rapidsnark_api_test.sh" "$work/user/api_test"
