#!/usr/bin/env bash
# Each library's dynamic symbol table defines exactly the listed functions.
# Usage: supraseal_exports_test.sh LIB "SYMBOLS" [LIB "SYMBOLS"]...
set -euo pipefail
status=0
while [ $# -ge 2 ]; do
  lib=$1 want=$(tr ' ' '\n' <<<"$2" | sort)
  shift 2
  # defined symbols only; the version node the linker adds for a version script is not a function
  have=$(nm -D --defined-only "$lib" | awk '$2 != "A" {print $3}' | sed 's/@.*//' | sort)
  if [ "$have" != "$want" ]; then
    echo "exports_test: $lib exports" >&2
    diff <(echo "$want") <(echo "$have") >&2 || true
    status=1
  else
    echo "exports_test: $(basename "$lib"): $(echo $have)"
  fi
done
exit $status
