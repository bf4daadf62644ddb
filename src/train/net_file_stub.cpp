// TEMPORARY, to be deleted when the net-file implementation (nnue_net_file.h,
// written on the inference branch) is merged: only what the trainer needs to
// link (zeroed, serialize_net, save_net_file), following the format in
// nnue_architecture.h. Not the real implementation; no parsing here.
#include <cstdio>
#include <cstring>

#include "arbiter/eval/nnue_net_file.h"

namespace arbiter::eval::nnue {

namespace {

template <class T>
void append_le(std::vector<uint8_t>& out, T value) {
  for (size_t byte = 0; byte < sizeof(T); ++byte)
    out.push_back(uint8_t(uint64_t(value) >> (8 * byte)));
}

}  // namespace

QuantisedNet QuantisedNet::zeroed() {
  QuantisedNet net;
  net.feature_weights.assign(size_t(kInputs) * kHidden, 0);
  net.feature_bias.assign(kHidden, 0);
  net.output_weights.assign(size_t(kOutputBuckets) * 2 * kHidden, 0);
  net.output_bias.assign(kOutputBuckets, 0);
  return net;
}

std::vector<uint8_t> serialize_net(const QuantisedNet& net) {
  std::vector<uint8_t> out;
  out.reserve(kNetFileSize);
  const NetHeader& h = net.header;
  out.insert(out.end(), h.magic.begin(), h.magic.end());
  for (uint32_t v :
       {h.version, h.arch_hash, uint32_t(h.eval_scale), h.hidden, h.output_buckets, h.reserved0})
    append_le(out, v);
  out.insert(out.end(), h.description.begin(), h.description.end());
  for (int16_t v : net.feature_weights) append_le(out, uint16_t(v));
  for (int16_t v : net.feature_bias) append_le(out, uint16_t(v));
  for (int16_t v : net.output_weights) append_le(out, uint16_t(v));
  for (int32_t v : net.output_bias) append_le(out, uint32_t(v));
  return out;
}

Result<bool> save_net_file(const QuantisedNet& net, const std::string& path) {
  const std::vector<uint8_t> bytes = serialize_net(net);
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return Error{"cannot write " + path};
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  if (std::fclose(file) != 0 || !ok) return Error{"error writing " + path};
  return true;
}

}  // namespace arbiter::eval::nnue
