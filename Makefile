# Thin wrapper for OpenBench: `make EXE=name [CXX=...]` builds through CMake and
# leaves the engine binary `name` in this folder. EVALFILE is reserved for the NNUE.
EXE ?= arbiter
CXX ?= g++
BUILD_DIR ?= build/openbench

.PHONY: all clean
all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	      -DARBITER_BUILD_TESTS=OFF
	cmake --build $(BUILD_DIR) --target arbiter --parallel
	cp $(BUILD_DIR)/arbiter $(EXE)

clean:
	rm -rf $(BUILD_DIR)
