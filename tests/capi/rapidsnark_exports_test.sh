#!/usr/bin/env bash
# The shared library defines exactly the dynamic symbols listed (one a line):
# rapidsnark's API, nothing of the engine or the C++ runtime.
# Usage: rapidsnark_exports_test.sh LIBRARY EXPECTED_LIST
set -euo pipefail
lib=$1 expected=$2
got=$(nm -D --defined-only "$lib" | awk '{print $NF}' | sort)
want=$(sort "$expected")
if [ "$got" != "$want" ]; then
  echo "FAIL: $lib exports differ from $expected (< exported, > expected):"
  diff <(echo "$got") <(echo "$want") || true
  exit 1
fi
echo "ok: $lib exports exactly the $(echo "$want" | wc -l) functions of $expected"
