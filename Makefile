# Thin front end over CMake. `make demo` and `make test` install what they
# need (Debian packages, npm modules) on a fresh machine, then build and run.
BUILD ?= build
JOBS ?= $(shell nproc)
# The CUDA backend is built where a GPU answers (nvidia-smi -L); elsewhere the
# CPU engine alone, since its kernels (G2 MSM above all) take most of an hour
# of a 2-core machine to compile and could not run there. Force with
# CUZK_CUDA=ON (scripts/device/gpu-check builds and tests it on a GPU machine).
CUZK_CUDA ?= $(shell nvidia-smi -L >/dev/null 2>&1 && echo ON || echo OFF)
CMAKE_FLAGS ?=

.PHONY: deps configure build test demo bench clean cuda-build

deps:
	./scripts/setup/install-deps

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA=$(CUZK_CUDA) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD) -j $(JOBS)

FUZZ_SECONDS ?= 30

# `deps` installed node and the pinned snarkjs: CUZK_EXPECT_NODE=1 makes the
# interop test fail, not skip, where they are missing.
test: build
	cd $(BUILD) && CUZK_EXPECT_NODE=1 ctest --output-on-failure -j $(JOBS)
	./scripts/test/fuzz $(FUZZ_SECONDS) $(BUILD)

demo: build
	BUILD=$(BUILD) ./scripts/test/demo

# Every target with CUDA code or linking it (CMake target cuda_targets),
# built (not run) in its own folder: what CI does on its GPU-less machine so
# that a change cannot break the CUDA code unnoticed; the CPU-only targets
# are `make test`'s. Needs nvcc (/usr/local/cuda or on PATH).
CUDA_BUILD ?= build-cuda
cuda-build: deps
	cmake -S . -B $(CUDA_BUILD) -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA=ON -DCUZK_REQUIRE_CUDA=ON $(CMAKE_FLAGS)
	cmake --build $(CUDA_BUILD) -j $(JOBS) --target cuda_targets check_layers

bench: build
	./scripts/bench/bench $(BUILD)

clean:
	rm -rf $(BUILD)
