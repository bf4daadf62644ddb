// The network the engine evaluates with: the net embedded at build time unless
// EvalFile loaded another, and whether it is used at all (UseNNUE). Process
// wide and shared by every search thread; change it only while no search runs
// (the UCI Engine facade waits for searches first). Evaluators pick it up at
// their next reset().
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "arbiter/core/result.h"
#include "arbiter/eval/nnue_network.h"

namespace arbiter::eval {

// How EvalFile names the embedded net.
inline constexpr const char* kEmbeddedNetName = "<embedded>";

// The bytes the build embedded (empty when the build found no net).
std::span<const uint8_t> embedded_net_bytes();
// The embedded net, parsed once; nullptr when there is none or it is invalid.
std::shared_ptr<const nnue::Network> embedded_network();
// Why there is no embedded network ("" when there is one).
std::string embedded_network_problem();

// The loaded network, whether or not it is in use (nullptr: none loaded).
std::shared_ptr<const nnue::Network> current_network();
// The network evaluators use now: the current one if UseNNUE is on, else nullptr
// (the hand-written evaluation).
std::shared_ptr<const nnue::Network> active_network();

// Loads `path` (or the embedded net for kEmbeddedNetName) and makes it current;
// on any error the current network stays and the error says why.
Result<std::shared_ptr<const nnue::Network>> load_current_network(const std::string& path);
void set_current_network(std::shared_ptr<const nnue::Network> net);
void set_nnue_enabled(bool on);
bool nnue_enabled();

// One line for "eval" and logs: which evaluation is active and, for a net, its summary.
std::string describe_evaluation();

}  // namespace arbiter::eval
