# Shared by the device scripts (sourced): unpacks .devbin.txz, sets B (the
# binaries), O (the output folder), LOG, and run <label> <timeout s> <cmd...>,
# which logs the command's output and adds a row to the summary table that
# print_summary prints last.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
[ -f .devbin.txz ] && tar -xJf .devbin.txz
export LD_LIBRARY_PATH=$PWD/.devbin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
B=.devbin/bin
O=${OUT:-/tmp}
LOG=$O/device-session.log
: >"$LOG"
nvidia-smi -L | tee -a "$LOG"
rows=()
run() {  # run <label> <timeout s> <command...>
  local label=$1 t=$2
  shift 2
  echo "=== $label" >>"$LOG"
  local s=$(date +%s.%N) rc
  if timeout "$t" "$@" >>"$LOG" 2>&1; then rc=ok; else rc="FAIL($?)"; fi
  rows+=("$(printf '%-40s %-9s %7.1f s' "$label" "$rc" "$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')")")
  printf '%s\n' "${rows[-1]}" >>"$O/summary.txt"
}
print_summary() {
  grep -vE "^\[ *(RUN|OK) " "$LOG" | tail -${1:-150}
  echo
  printf '%-40s %-9s %9s\n' step result time
  printf '%s\n' "${rows[@]}"
}
