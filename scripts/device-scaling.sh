#!/usr/bin/env bash
# Multi-GPU scaling (run on nvidia-h200-x2 with binaries from
# scripts/pack-device-bin): the same pipeline on one GPU and on two, then
# the daemon against the in-process engine, larger partitions, and the
# pageable and staged host-memory modes.
source "$(dirname "$0")/device-lib.sh"
P="$B/cuzk bench pipeline"
M24=$(((1 << 24) - 64))
run "pipeline 2^24 x32, 1 GPU" 120 $P --constraints $M24 --partitions 32 --key random --gpus 1
run "pipeline 2^24 x32, 2 GPUs" 120 $P --constraints $M24 --partitions 32 --key random --gpus 2 --trace $O/trace24x2.json
run "daemon vs in-process 2^20 4x32" 150 scripts/daemon-vs-inprocess.sh $B/cuzk /tmp/dvi 1048512 4 32
run "pipeline 2^26 x8, 1 GPU" 150 $P --constraints $(((1 << 26) - 64)) --partitions 8 --key random --gpus 1
run "pipeline 2^26 x8, 2 GPUs" 150 $P --constraints $(((1 << 26) - 64)) --partitions 8 --key random --gpus 2
run "pipeline 2^27 x4, 1 GPU" 150 $P --constraints $(((1 << 27) - 64)) --partitions 4 --key random --gpus 1
run "pipeline 2^24 x16, 1 GPU, pageable" 100 $P --constraints $M24 --partitions 16 --key random --gpus 1 --host-memory pageable
run "pipeline 2^24 x16, 1 GPU, staged" 100 $P --constraints $M24 --partitions 16 --key random --gpus 1 --host-memory staged
print_summary 200
