// The process-wide current network and the UseNNUE switch, behind one mutex
// (taken once per search reset, never per node).
#include "arbiter/eval/nnue_current.h"

#include <mutex>

namespace arbiter::eval {

namespace {

struct EmbeddedNet {
  std::shared_ptr<const nnue::Network> net;
  std::string problem;
};

const EmbeddedNet& embedded() {
  static const EmbeddedNet e = [] {
    EmbeddedNet out;
    const std::span<const uint8_t> bytes = embedded_net_bytes();
    if (bytes.empty()) {
      out.problem = "this build embeds no net";
      return out;
    }
    auto parsed = nnue::parse_net(bytes);
    if (!parsed)
      out.problem = "the embedded net is unusable: " + parsed.error();
    else
      out.net = nnue::make_network(parsed.value(), kEmbeddedNetName);
    return out;
  }();
  return e;
}

struct State {
  std::mutex mutex;
  std::shared_ptr<const nnue::Network> current = embedded().net;
  bool enabled = current != nullptr;  // NNUE by default whenever a net is there
};

State& state() {
  static State s;
  return s;
}

}  // namespace

std::shared_ptr<const nnue::Network> embedded_network() { return embedded().net; }
std::string embedded_network_problem() { return embedded().problem; }

std::shared_ptr<const nnue::Network> current_network() {
  std::lock_guard lock(state().mutex);
  return state().current;
}

std::shared_ptr<const nnue::Network> active_network() {
  std::lock_guard lock(state().mutex);
  return state().enabled ? state().current : nullptr;
}

Result<std::shared_ptr<const nnue::Network>> load_current_network(const std::string& path) {
  std::shared_ptr<const nnue::Network> net;
  if (path == kEmbeddedNetName) {
    net = embedded_network();
    if (!net) return Error{"no embedded net: " + embedded_network_problem()};
  } else {
    auto parsed = nnue::load_net_file(path);
    if (!parsed) return Error{parsed.error()};
    net = nnue::make_network(parsed.value(), path);
  }
  set_current_network(net);
  return net;
}

void set_current_network(std::shared_ptr<const nnue::Network> net) {
  std::lock_guard lock(state().mutex);
  state().current = std::move(net);
}

void set_nnue_enabled(bool on) {
  std::lock_guard lock(state().mutex);
  state().enabled = on;
}

bool nnue_enabled() {
  std::lock_guard lock(state().mutex);
  return state().enabled;
}

std::string describe_evaluation() {
  std::lock_guard lock(state().mutex);
  if (state().enabled && state().current) return state().current->summary();
  if (state().current)
    return "hand-written (UseNNUE is off; loaded: " + state().current->summary() + ")";
  return "hand-written (" + (embedded().problem.empty() ? "no net loaded" : embedded().problem) +
         ")";
}

}  // namespace arbiter::eval
