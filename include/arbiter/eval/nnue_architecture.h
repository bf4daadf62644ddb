// The NNUE evaluation network: its shape, its input features and its integer
// quantisation, declared once for the trainer (float) and the engine (int).
//
//   inputs   768 binary features per perspective: (own/their) x 6 types x 64
//            squares, seen from that perspective, in the net's input layout
//            (nnue_inputs.h: plain, king-mirrored, or 4 king buckets x 768 rows)
//   layer 1  inputs -> kHidden, weights shared by both perspectives ("feature
//            transformer"), int16 weights and biases scaled by kQA
//   concat   [side to move's accumulator, other side's] = 2 * kHidden values
//   act      SCReLU: clamp(x, 0, 1)^2 (in integers: clamp(x, 0, kQA)^2)
//   output   2 * kHidden -> 1 per output bucket, int16 weights scaled by kQB,
//            int32 bias scaled by kQA * kQB; the bucket is chosen by the
//            number of men on the board
//   eval     centipawns = output * kEvalScale, side to move's view
//
// Integer inference: sum = sum_i clamp(a_i)^2 * w_i (scale kQA^2 * kQB), then
// cp = (sum / kQA + bias) * kEvalScale / (kQA * kQB), both divisions truncating
// toward zero, the last line in 64 bits (output_to_centipawns below).
// Accumulators are int16 with wrapping (mod 2^16) additions, so any order of
// incremental updates gives the from-scratch value bit for bit. With output weights
// clipped to +-kMaxOutputWeight, each half's |sum| <= kHidden * kQA^2 * 127 < 2^31,
// so its int32 lanes cannot overflow (checked below), and clamp(a) * w fits int16
// (255 * 127 = 32385), which keeps the SIMD multiply-add in 16-bit lanes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "arbiter/core/types.h"
#include "arbiter/eval/nnue_inputs.h"

namespace arbiter::eval::nnue {

inline constexpr int kHidden = 128;
// Every width this engine can be built for is a multiple of this: the SIMD back
// ends work on whole 64-byte blocks of int16.
inline constexpr int kHiddenMultiple = 32;
static_assert(kHidden % kHiddenMultiple == 0);
inline constexpr int kOutputBuckets = 1;
inline constexpr int kMaxMen = 32;

inline constexpr int kQA = 255;  // layer-1 scale; the activation clips at kQA
inline constexpr int kQB = 64;   // output-weight scale
inline constexpr int kEvalScale = 400;
// Float weights are clipped to this in training so quantised values stay in range.
inline constexpr int kMaxOutputWeight = 127;  // in kQB units: 127 / 64 = 1.98 as float
inline constexpr float kMaxOutputWeightFloat = float(kMaxOutputWeight) / float(kQB);

// Each half of the output sum (one perspective's accumulator) is computed in
// int32 lanes, the two halves are added in 64 bits: 256 units fit.
static_assert(int64_t(kHidden) * kQA * kQA * kMaxOutputWeight < (int64_t(1) << 31),
              "each half's SCReLU output sum must fit int32");
static_assert(kQA * kMaxOutputWeight <= 32767, "clamp(a) * w must fit int16");

// The last step of inference, shared by every back end and the reference:
// `sum` is the SCReLU dot product, `bias` the bucket's output bias.
constexpr int output_to_centipawns(int64_t sum, int32_t bias) {
  return int((sum / kQA + bias) * kEvalScale / (int64_t(kQA) * kQB));
}

// Output bucket by the number of men on the board (2..32).
constexpr int output_bucket(int men) {
  constexpr int kMenPerBucket = (kMaxMen + kOutputBuckets - 1) / kOutputBuckets;
  const int b = (men - 1) / kMenPerBucket;
  return b < 0 ? 0 : (b >= kOutputBuckets ? kOutputBuckets - 1 : b);
}

// --- The net file --------------------------------------------------------------
// NetHeader (64 bytes), then, little-endian and without padding:
//   int16 feature_weights[input_rows(layout)][kHidden]
//   int16 feature_bias[kHidden]
//   int16 output_weights[kOutputBuckets][2 * kHidden]
//   int32 output_bias[kOutputBuckets]
// The file's size must be exactly the header plus these arrays.
inline constexpr std::array<char, 8> kNetMagic = {'A', 'R', 'B', 'N', 'N', 'U', 'E', '\0'};
inline constexpr uint32_t kNetFormatVersion = 1;

// Changes whenever anything above that the weights depend on changes. Other
// shapes (`hidden`, `buckets`) hash as this engine would if built for them: the
// trainer reads a smaller net of the same quantisation to grow it (grow_model).
// The plain layout hashes as nets did before layouts existed.
constexpr uint32_t architecture_hash(uint32_t hidden = kHidden, uint32_t buckets = kOutputBuckets,
                                     InputLayout layout = InputLayout::Plain) {
  uint32_t h = 2166136261u;  // FNV-1a over the shape and the quantisation
  auto mix = [&h](uint32_t v) {
    for (int byte = 0; byte < 4; ++byte) h = (h ^ ((v >> (8 * byte)) & 0xff)) * 16777619u;
  };
  for (uint32_t v : {uint32_t(kInputs), hidden, buckets, uint32_t(kQA), uint32_t(kQB),
                     uint32_t(kMaxMen), 2u /* SCReLU */})
    mix(v);
  if (layout != InputLayout::Plain) mix(uint32_t(layout));
  return h;
}

struct NetHeader {
  std::array<char, 8> magic = kNetMagic;
  uint32_t version = kNetFormatVersion;
  uint32_t arch_hash = architecture_hash();
  int32_t eval_scale = kEvalScale;
  uint32_t hidden = kHidden;
  uint32_t output_buckets = kOutputBuckets;
  uint32_t input_layout = uint32_t(InputLayout::Plain);  // nnue_inputs.h; 0 before layouts
  std::array<char, 32> description{};  // free text, NUL padded (e.g. "gen1 2.1M pos")
};
static_assert(sizeof(NetHeader) == 64, "the net header is 64 bytes on disk");

// The bytes of a net file of `hidden` units, `buckets` output buckets and `layout`.
constexpr size_t net_file_size(size_t hidden, size_t buckets,
                               InputLayout layout = InputLayout::Plain) {
  return sizeof(NetHeader) +
         sizeof(int16_t) * (size_t(input_rows(layout)) * hidden + hidden + buckets * 2 * hidden) +
         sizeof(int32_t) * buckets;
}
inline constexpr size_t kNetFileSize = net_file_size(kHidden, kOutputBuckets);

}  // namespace arbiter::eval::nnue
