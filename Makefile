# Thin wrapper for OpenBench: `make EXE=name [CXX=...]` builds through CMake and
# leaves the engine binary `name` in this folder. EVALFILE=path embeds that net
# instead of the default nets/arbiter-*.nnue.
EXE ?= arbiter
CXX ?= g++
BUILD_DIR ?= build/openbench
EVALFILE ?=
# Always passed, so that a build without EVALFILE forgets an earlier one.
EVALFILE_ABS := $(if $(EVALFILE),$(abspath $(EVALFILE)),)

.PHONY: all clean
all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	      -DARBITER_BUILD_TESTS=OFF -DARBITER_EVALFILE="$(EVALFILE_ABS)"
	cmake --build $(BUILD_DIR) --target arbiter --parallel
	cp $(BUILD_DIR)/arbiter $(EXE)

clean:
	rm -rf $(BUILD_DIR)
