#!/usr/bin/env bash
# Device run for streaming a/b/c during synthesis (binaries packed by
# scripts/device/pack-bin; carry .devbin.txz): the streamed GPU prover against
# the kept one, then the engine at 2^27 (one PoRep partition) with a/b/c kept
# on the host and streamed where the device has room; a table at the end.
source "$(dirname "$0")/lib.sh"
P="$B/cuzk bench pipeline"
M27=$(((1 << 27) - 64))
run "groth16_gpu_test (streamed + kept)" 150 "$B/groth16_gpu_test" --gtest_brief=1
run "pipeline 2^27 x24 streamed" 300 $P --constraints $M27 --partitions 24 --key random --trace $O/trace27s.json
run "pipeline 2^27 x24 kept (--no-stream)" 300 $P --constraints $M27 --partitions 24 --key random --no-stream
run "pipeline 2^26 x16 streamed" 150 $P --constraints $(((1 << 26) - 64)) --partitions 16 --key random
print_summary
