// The quantised net file (nnue_architecture.h): checked parsing, writing, and
// the plain scalar from-scratch evaluation every faster path is tested against.
#include "arbiter/eval/nnue_net_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>

#include "arbiter/core/bitboard.h"

namespace arbiter::eval::nnue {

namespace {

// The widest net parse_net_of_any_shape reads (the trainer's input when it
// grows a net): far past any width this engine's data could feed.
constexpr uint32_t kMaxReadableHidden = 4096;

// Little-endian readers and writers, byte by byte so the file format does not
// depend on the host's byte order.
uint32_t read_u32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
int16_t read_i16(const uint8_t* p) { return int16_t(uint16_t(p[0] | p[1] << 8)); }

void write_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int byte = 0; byte < 4; ++byte) out.push_back(uint8_t(v >> (8 * byte)));
}
void write_i16(std::vector<uint8_t>& out, int16_t v) {
  out.push_back(uint8_t(uint16_t(v)));
  out.push_back(uint8_t(uint16_t(v) >> 8));
}

std::string hex(uint32_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) s += kDigits[(v >> shift) & 0xf];
  return s;
}

// Header field offsets on disk (the struct has no padding, see the static_assert).
constexpr size_t kOffVersion = 8, kOffArchHash = 12, kOffEvalScale = 16, kOffHidden = 20,
                 kOffBuckets = 24, kOffLayout = 28, kOffDescription = 32;

NetHeader read_header(const uint8_t* p) {
  NetHeader h;
  std::memcpy(h.magic.data(), p, h.magic.size());
  h.version = read_u32(p + kOffVersion);
  h.arch_hash = read_u32(p + kOffArchHash);
  h.eval_scale = int32_t(read_u32(p + kOffEvalScale));
  h.hidden = read_u32(p + kOffHidden);
  h.output_buckets = read_u32(p + kOffBuckets);
  h.input_layout = read_u32(p + kOffLayout);
  std::memcpy(h.description.data(), p + kOffDescription, h.description.size());
  return h;
}

// Every header check, in the order a reader would want them explained, for a
// net of `hidden` units and `buckets` output buckets (the engine's own shape
// unless said).
Result<bool> check_header(const NetHeader& h, uint32_t hidden = kHidden,
                          uint32_t buckets = kOutputBuckets) {
  if (h.magic != kNetMagic) return Error{"not an Arbiter net file (bad magic)"};
  if (h.version != kNetFormatVersion)
    return Error{"net format version " + std::to_string(h.version) + ", this engine reads " +
                 std::to_string(kNetFormatVersion)};
  const std::optional<InputLayout> layout = layout_from_number(h.input_layout);
  if (!layout)
    return Error{"input layout " + std::to_string(h.input_layout) +
                 " is not one this engine knows"};
  const uint32_t expected_hash = architecture_hash(hidden, buckets, *layout);
  if (h.arch_hash != expected_hash)
    return Error{"architecture hash " + hex(h.arch_hash) + " does not match " + hex(expected_hash) +
                 ", this engine's for " + std::to_string(hidden) + " x " + std::to_string(buckets) +
                 " with " + layout_name(*layout) +
                 " inputs (net trained for another shape or quantisation)"};
  if (h.hidden != hidden || h.output_buckets != buckets)
    return Error{"net shape " + std::to_string(h.hidden) + " hidden x " +
                 std::to_string(h.output_buckets) + " buckets, this engine expects " +
                 std::to_string(hidden) + " x " + std::to_string(buckets)};
  if (h.eval_scale != kEvalScale)
    return Error{"net eval scale " + std::to_string(h.eval_scale) + ", this engine uses " +
                 std::to_string(kEvalScale)};
  return true;
}

}  // namespace

QuantisedNet QuantisedNet::zeroed(int hidden, int buckets, InputLayout layout) {
  QuantisedNet net;
  net.header.hidden = uint32_t(hidden);
  net.header.output_buckets = uint32_t(buckets);
  net.header.input_layout = uint32_t(layout);
  net.header.arch_hash = architecture_hash(uint32_t(hidden), uint32_t(buckets), layout);
  net.feature_weights.assign(size_t(input_rows(layout)) * size_t(hidden), 0);
  net.feature_bias.assign(size_t(hidden), 0);
  net.output_weights.assign(size_t(buckets) * 2 * size_t(hidden), 0);
  net.output_bias.assign(size_t(buckets), 0);
  return net;
}

namespace {

Result<NetHeader> header_of(std::span<const uint8_t> bytes) {
  if (bytes.size() < sizeof(NetHeader))
    return Error{"truncated net: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                 std::to_string(sizeof(NetHeader)) + "-byte header"};
  return read_header(bytes.data());
}

// The arrays after a checked header (its layout known), sized by its shape, and
// the bound on the output weights.
Result<QuantisedNet> parse_body(std::span<const uint8_t> bytes, const NetHeader& header) {
  const InputLayout layout = layout_from_number(header.input_layout).value_or(InputLayout::Plain);
  const size_t expected = net_file_size(header.hidden, header.output_buckets, layout);
  if (bytes.size() != expected)
    return Error{std::string(bytes.size() < expected ? "truncated" : "oversized") +
                 " net: " + std::to_string(bytes.size()) + " bytes, expected exactly " +
                 std::to_string(expected)};
  QuantisedNet net = QuantisedNet::zeroed(int(header.hidden), int(header.output_buckets), layout);
  net.header = header;
  const uint8_t* p = bytes.data() + sizeof(NetHeader);
  for (int16_t& w : net.feature_weights) w = read_i16(p), p += 2;
  for (int16_t& b : net.feature_bias) b = read_i16(p), p += 2;
  for (int16_t& w : net.output_weights) w = read_i16(p), p += 2;
  for (int32_t& b : net.output_bias) b = int32_t(read_u32(p)), p += 4;

  // The int16 multiply in the SIMD output (clamp(a) * w) is exact only within
  // this bound, so a net outside it could score differently per back end.
  for (size_t i = 0; i < net.output_weights.size(); ++i)
    if (std::abs(int(net.output_weights[i])) > kMaxOutputWeight)
      return Error{"output weight " + std::to_string(i) + " is " +
                   std::to_string(net.output_weights[i]) + ", outside +-" +
                   std::to_string(kMaxOutputWeight)};
  return net;
}

// The file's bytes through `parse`, its errors naming the file.
Result<QuantisedNet> load_file(const std::string& path,
                               Result<QuantisedNet> (*parse)(std::span<const uint8_t>)) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open net file '" + path + "'"};
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  if (in.bad()) return Error{"cannot read net file '" + path + "'"};
  auto net = parse(bytes);
  if (!net) return Error{"net file '" + path + "': " + net.error()};
  return net;
}

}  // namespace

Result<QuantisedNet> parse_net(std::span<const uint8_t> bytes) {
  auto header = header_of(bytes);
  if (!header) return Error{header.error()};
  if (auto ok = check_header(header.value()); !ok) return Error{ok.error()};
  return parse_body(bytes, header.value());
}

Result<QuantisedNet> parse_net_of_any_shape(std::span<const uint8_t> bytes) {
  auto header = header_of(bytes);
  if (!header) return Error{header.error()};
  const NetHeader& h = header.value();
  // The header is checked against the shape it names, which must be one this
  // engine could be built for.
  if (auto ok = check_header(h, h.hidden, h.output_buckets); !ok) return Error{ok.error()};
  if (h.hidden == 0 || h.hidden % kHiddenMultiple != 0 || h.hidden > kMaxReadableHidden ||
      h.output_buckets == 0 || h.output_buckets > uint32_t(kMaxMen))
    return Error{"net shape " + std::to_string(h.hidden) + " hidden x " +
                 std::to_string(h.output_buckets) +
                 " buckets is not one this engine can be built for"};
  return parse_body(bytes, h);
}

Result<QuantisedNet> load_net_file(const std::string& path) { return load_file(path, parse_net); }

Result<QuantisedNet> load_net_file_of_any_shape(const std::string& path) {
  return load_file(path, parse_net_of_any_shape);
}

std::vector<uint8_t> serialize_net(const QuantisedNet& net) {
  std::vector<uint8_t> out;
  out.reserve(net_file_size(net.feature_bias.size(), net.output_bias.size(), net.layout()));
  const NetHeader& h = net.header;
  out.insert(out.end(), h.magic.begin(), h.magic.end());
  write_u32(out, h.version);
  write_u32(out, h.arch_hash);
  write_u32(out, uint32_t(h.eval_scale));
  write_u32(out, h.hidden);
  write_u32(out, h.output_buckets);
  write_u32(out, h.input_layout);
  out.insert(out.end(), h.description.begin(), h.description.end());
  for (int16_t w : net.feature_weights) write_i16(out, w);
  for (int16_t b : net.feature_bias) write_i16(out, b);
  for (int16_t w : net.output_weights) write_i16(out, w);
  for (int32_t b : net.output_bias) write_u32(out, uint32_t(b));
  return out;
}

Result<bool> save_net_file(const QuantisedNet& net, const std::string& path) {
  const std::vector<uint8_t> bytes = serialize_net(net);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{"cannot create net file '" + path + "'"};
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  out.close();
  if (!out) return Error{"cannot write net file '" + path + "'"};
  return true;
}

int evaluate_reference(const QuantisedNet& net, const core::Position& pos) {
  // One int16 accumulator per perspective, summed with wrap-around (see the
  // architecture header): int arithmetic converted back to int16 at each step.
  int16_t acc[core::kNumColors][kHidden];
  for (core::Color persp : {core::Color::White, core::Color::Black}) {
    int16_t* a = acc[core::index(persp)];
    for (int i = 0; i < kHidden; ++i) a[i] = net.feature_bias[size_t(i)];
    const InputFrame frame = input_frame(net.layout(), persp, own_king_square(pos, persp));
    for (core::Square s : core::squares(pos.pieces())) {
      const size_t row = size_t(feature_index(frame, persp, pos.piece_on(s), s)) * kHidden;
      for (int i = 0; i < kHidden; ++i) a[i] = int16_t(a[i] + net.feature_weights[row + i]);
    }
  }
  const int bucket = output_bucket(core::popcount(pos.pieces()));
  const int16_t* w = net.output_weights.data() + size_t(bucket) * 2 * kHidden;
  const core::Color stm = pos.side_to_move();
  int64_t sum = 0;
  for (int half = 0; half < 2; ++half) {
    const int16_t* a = acc[core::index(half == 0 ? stm : ~stm)];
    for (int i = 0; i < kHidden; ++i) {
      const int32_t c = std::clamp<int32_t>(a[i], 0, kQA);
      sum += c * c * w[half * kHidden + i];
    }
  }
  return output_to_centipawns(sum, net.output_bias[size_t(bucket)]);
}

}  // namespace arbiter::eval::nnue
