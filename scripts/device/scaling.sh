#!/usr/bin/env bash
# Multi-GPU scaling (run on nvidia-h200-x2 with binaries from
# scripts/device/pack-bin): the same pipeline on one GPU and on two, then
# the daemon against the in-process engine, larger partitions, and the
# pageable and staged host-memory modes.
source "$(dirname "$0")/lib.sh"
P="$B/cuzk bench pipeline"
M24=$(((1 << 24) - 64))
M26=$(((1 << 26) - 64))
run "pipeline 2^24 x192, 1 GPU" 120 $P --constraints $M24 --partitions 192 --key random --gpus 1
run "pipeline 2^24 x192, 2 GPUs" 120 $P --constraints $M24 --partitions 192 --key random --gpus 2
run "pipeline 2^26 x80, 2 GPUs" 150 $P --constraints $M26 --partitions 80 --key random --gpus 2 --trace $O/trace26x2.json
run "pipeline 2^26 x80, 1 GPU" 180 $P --constraints $M26 --partitions 80 --key random --gpus 1
print_summary 200
