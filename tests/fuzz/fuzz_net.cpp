// The net file loader: anything may come in. A file it accepts serialises back to
// the same bytes, and evaluates any position without fault.
#include "arbiter/core/position.h"
#include "arbiter/eval/nnue_net_file.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  auto net = eval::nnue::parse_net({data, size});
  if (!net) {
    fuzz::require(!net.error().empty(), "a rejected net says why");
    return 0;
  }
  const std::vector<uint8_t> bytes = eval::nnue::serialize_net(net.value());
  fuzz::require(bytes.size() == size && std::equal(bytes.begin(), bytes.end(), data),
                "an accepted net serialises to the same bytes");
  (void)eval::nnue::evaluate_reference(net.value(), core::Position::start_position());
  return 0;
}
