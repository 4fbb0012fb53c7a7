# Thin front end over CMake. `make demo` and `make test` install what they
# need (Debian packages, npm modules) on a fresh machine, then build and run.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: deps configure build test demo bench clean

deps:
	./scripts/install-deps

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD) -j $(JOBS)

FUZZ_SECONDS ?= 30

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	./scripts/fuzz $(FUZZ_SECONDS) $(BUILD)

demo: build
	BUILD=$(BUILD) ./scripts/demo

bench: build
	./scripts/bench $(BUILD)

clean:
	rm -rf $(BUILD)
