// The NNUE laid out for fast inference: 64-byte aligned int16 arrays built
// from a QuantisedNet, with the three operations the accumulators need (full
// refresh, incremental update, output) run by a SIMD back end: the build's
// choice, or any other this build compiled (every one gives the same integers).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/position.h"
#include "arbiter/eval/nnue_architecture.h"
#include "arbiter/eval/nnue_net_file.h"

namespace arbiter::eval::nnue {

inline constexpr size_t kSimdAlignment = 64;

// The first layer's output for both perspectives, indexed by colour.
struct alignas(kSimdAlignment) Accumulator {
  std::array<std::array<int16_t, kHidden>, core::kNumColors> values;
};

// A piece appearing on or leaving a square.
struct PieceSquare {
  core::Piece piece;
  core::Square square;
};

// What one move changes on the board: at most two pieces leave (mover and
// captured, or king and rook) and at most two arrive (castling).
struct FeatureDelta {
  std::array<PieceSquare, 2> removed;
  std::array<PieceSquare, 2> added;
  uint8_t n_removed = 0;
  uint8_t n_added = 0;
  int size() const { return n_removed + n_added; }
  void remove(core::Piece p, core::Square s) { removed[n_removed++] = {p, s}; }
  void add(core::Piece p, core::Square s) { added[n_added++] = {p, s}; }
};

// The changes `m` makes when played in `before` (castling is king-takes-own-rook,
// so Chess960 king and rook squares that coincide cancel out in the sums).
FeatureDelta feature_delta(const core::Position& before, core::Move m);

// The SIMD back ends this build compiled, by name: "scalar" first, then those the
// target CPU allows ("sse2", "avx2", "avx512" on x86-64, "neon" on aarch64).
std::vector<std::string> simd_backends();
// The one networks use unless told otherwise: the widest the build's target has.
std::string default_simd_backend();

class Network {
 public:
  // `source` says where it came from (a path, or "<embedded>"). Computes with
  // default_simd_backend().
  Network(const QuantisedNet& net, std::string source);

  // A copy computing with another of simd_backends(); nullptr for a name this
  // build did not compile.
  std::shared_ptr<const Network> with_simd_backend(std::string_view name) const;
  const char* simd_backend() const { return simd_name_; }

  InputLayout input_layout() const { return layout_; }
  // The frame `perspective` indexes its rows in, in `pos` (nnue_inputs.h).
  InputFrame frame(const core::Position& pos, core::Color perspective) const {
    return input_frame(layout_, perspective, own_king_square(pos, perspective));
  }
  // Whether `m`, played in `before`, moves the mover's king into another frame:
  // then the mover's half cannot be updated and is computed afresh. Never for
  // the plain layout.
  bool changes_frame(const core::Position& before, core::Move m) const {
    return layout_ != InputLayout::Plain && king_changes_frame(before, m);
  }

  // acc = bias + the rows of every piece on the board, for both perspectives.
  void refresh(const core::Position& pos, Accumulator& acc) const;
  // The same for one perspective.
  void refresh(const core::Position& pos, Accumulator& acc, core::Color perspective) const;
  // out = in with `delta` applied, for `perspective` in `frame` (the frame both
  // positions share).
  void update(const Accumulator& in, Accumulator& out, const FeatureDelta& delta,
              core::Color perspective, InputFrame frame) const;
  // The child's accumulator after `m` from `before`'s: both perspectives updated,
  // or computed afresh from `after` where the move changes a frame.
  void update(const Accumulator& in, Accumulator& out, const core::Position& before, core::Move m,
              const core::Position& after) const;
  // Centipawns from stm's view; `men` (kings included) picks the output bucket.
  int output(const Accumulator& acc, core::Color stm, int men) const;

  std::string description() const;  // the header's free text
  const std::string& source() const { return source_; }
  uint64_t content_hash() const { return content_hash_; }  // FNV-1a 64 of the file bytes
  std::string summary() const;  // description, source and hash, for "eval" and info strings

 private:
  bool king_changes_frame(const core::Position& before, core::Move m) const;
  const int16_t* row(InputFrame frame, core::Color persp, PieceSquare ps) const {
    return feature_rows_[size_t(feature_index(frame, persp, ps.piece, ps.square))].values.data();
  }

  // One row of the first layer: a whole number of 64-byte blocks, so a vector
  // of them keeps every row aligned for the SIMD back ends.
  struct alignas(kSimdAlignment) Row {
    std::array<int16_t, kHidden> values;
  };
  InputLayout layout_;
  std::vector<Row> feature_rows_;  // input_rows(layout_) of them
  alignas(kSimdAlignment) std::array<int16_t, kHidden> feature_bias_;
  alignas(kSimdAlignment) std::array<int16_t, size_t(kOutputBuckets) * 2 * kHidden> output_weights_;
  std::array<int32_t, kOutputBuckets> output_bias_;
  // The back end's two kernels (src/eval/nnue_simd.h).
  using UpdateKernel = void (*)(int16_t* out, const int16_t* in, const int16_t* const* add,
                                int n_add, const int16_t* const* sub, int n_sub);
  using DotKernel = int32_t (*)(const int16_t* acc, const int16_t* w);
  void run_update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                  const int16_t* const* sub, int n_sub) const;
  int32_t run_screlu_dot(const int16_t* acc, const int16_t* w) const;
  UpdateKernel update_;
  DotKernel screlu_dot_;
  const char* simd_name_;
  NetHeader header_;
  std::string source_;
  uint64_t content_hash_ = 0;
};

// What a search asks of `net` around `positions`: both perspectives' outputs
// after a refresh, then the mover's after each legal move (by incremental
// update). Two back ends agree on a net when these vectors are equal.
std::vector<int> outputs_around(const Network& net, const std::vector<core::Position>& positions);

// Allocates an aligned Network (its output layer inline: keep it off the stack).
std::shared_ptr<const Network> make_network(const QuantisedNet& net, std::string source);

}  // namespace arbiter::eval::nnue
