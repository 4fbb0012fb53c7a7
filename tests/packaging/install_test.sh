#!/usr/bin/env bash
# Installs the build into a temporary prefix and checks what landed there.
# Usage: install_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$1 version=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
bin=$prefix/bin/cuzk
[ -x "$bin" ] || fail "no executable at $bin"
out=$("$bin" --version)
case "$out" in "cuzk $version ("*) ;; *) fail "--version printed '$out', expected 'cuzk $version (...)'" ;; esac
"$bin" verify --help >/dev/null || fail "the installed binary does not run its commands"

unit=$prefix/lib/systemd/system/cuzk.service
[ -f "$unit" ] || fail "no systemd unit at $unit"
# the unit was configured for the build's prefix: it starts that prefix's
# binary as Curio's documentation starts its daemon, and stops it with the
# drain's SIGTERM
grep -qE '^ExecStart=/.+/bin/cuzk --config /data/zk/cuzk\.toml$' "$unit" || fail "unit's ExecStart: $(grep ExecStart "$unit")"
grep -qx 'KillSignal=SIGTERM' "$unit" || fail "unit does not stop the daemon with SIGTERM"
grep -qx 'LimitMEMLOCK=infinity' "$unit" || fail "unit does not lift the locked-memory limit pinned buffers need"

doc=$prefix/share/doc/cuzk
for f in LICENSE LICENSE-APACHE LICENSE-MIT cuzk.example.toml DAEMON.md README.md; do
  [ -s "$doc/$f" ] || fail "missing $doc/$f"
done
echo "install_test: $out; unit, docs and licenses installed under a temporary prefix"
