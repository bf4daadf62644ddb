// What the CPU running us can do, against what the build was compiled for
// (cmake/TargetArch.cmake): a release binary for x86-64-v3 started on a CPU
// without AVX2 must say so and stop, not die of an illegal instruction.
#pragma once

#include <string>

namespace arbiter::platform {

// The highest x86-64 level (1 to 4) this CPU supports; 0 on other architectures.
int cpu_x86_level();

// "x86-64-v3" and the like for this CPU, or the architecture's name elsewhere
// ("aarch64"): for `--version`, so that a user can tell which release to take.
std::string cpu_name();

// The build's target ("x86-64-v3", "native", "armv8", ...).
const char* build_target_name();

// Ends the process with a message on stderr if this CPU lacks what the build
// needs. Runs by itself before any other static initialiser; calling it from
// main() as well keeps its object file in every program that links the library.
void require_build_cpu();

}  // namespace arbiter::platform
