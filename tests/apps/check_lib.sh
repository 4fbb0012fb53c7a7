# Sourced by the `cuzk filecoin` CLI tests: bad <message>, check and
# stdout_has, run in the caller's scratch folder (out.txt, err.txt there).
# A check passes on its exact exit code only, never on "non-zero": a crash
# or a kill (exit >= 128) fails it, and so does an exit 2 that printed the
# help instead of naming the problem. CHECK_TIMEOUT bounds each command.
fail=0
CHECK_TIMEOUT=${CHECK_TIMEOUT:-120}
bad() {
  echo "FAIL: $*"
  fail=1
}
# check <rc> <description> <extended regex found in stdout or stderr, or ''> <command...>
check() {
  local want=$1 what=$2 re=$3
  shift 3
  timeout -s KILL "$CHECK_TIMEOUT" "$@" </dev/null >out.txt 2>err.txt
  local got=$?
  if [ "$got" -ge 128 ]; then
    bad "$what: crashed or killed (exit $got)"
  elif [ "$got" != "$want" ]; then
    bad "$what: exit $got, expected $want"
  elif [ -n "$re" ] && ! cat err.txt out.txt | grep -qE -- "$re"; then
    bad "$what: exit $want, but the output lacks /$re/"
  elif [ "$want" = 2 ] && grep -q "^Usage:" out.txt; then
    bad "$what: exit 2, but help printed"
  else
    echo "ok: $want $what"
    return 0
  fi
  cat out.txt err.txt
  return 1
}
stdout_has() { grep -qE -- "$2" out.txt || { bad "$1: stdout lacks /$2/"; cat out.txt; }; }
