// Inference with a SIMD back end (nnue_simd.h), the build's unless told
// otherwise: refresh, update and output over 64-byte aligned copies of the
// quantised weights.
#include "arbiter/eval/nnue_network.h"

#include <algorithm>
#include <cstdio>

#include "arbiter/core/bitboard.h"
#include "arbiter/core/movegen.h"
#include "eval/nnue_simd.h"

namespace arbiter::eval::nnue {

namespace {

constexpr core::Color kPerspectives[] = {core::Color::White, core::Color::Black};

uint64_t fnv1a64(const std::vector<uint8_t>& bytes) {
  uint64_t h = 14695981039346656037ull;
  for (uint8_t b : bytes) h = (h ^ b) * 1099511628211ull;
  return h;
}

}  // namespace

std::vector<std::string> simd_backends() {
  std::vector<std::string> names;
  for (const simd::Kernels& k : simd::kCompiled) names.emplace_back(simd::backend_name(k.backend));
  return names;
}

std::string default_simd_backend() { return simd::backend_name(simd::kBuildBackend); }

FeatureDelta feature_delta(const core::Position& before, core::Move m) {
  FeatureDelta d;
  const core::Color us = before.side_to_move();
  const core::Square from = m.from(), to = m.to();
  const core::Piece piece = before.piece_on(from);
  if (m.is_castling()) {
    const core::CastlingSide side = core::castling_side(from, to);
    d.remove(piece, from);
    d.remove(before.piece_on(to), to);
    d.add(piece, core::castled_king_square(us, side));
    d.add(core::make_piece(us, core::PieceType::Rook), core::castled_rook_square(us, side));
    return d;
  }
  const core::Square captured_square = m.is_en_passant() ? to - core::pawn_push(us) : to;
  const core::Piece captured = before.piece_on(captured_square);
  if (captured != core::Piece::None) d.remove(captured, captured_square);
  d.remove(piece, from);
  d.add(m.is_promotion() ? core::make_piece(us, m.promotion()) : piece, to);
  return d;
}

// The build's back end inline (the hot path), any other through its pointers.
void Network::run_update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                         const int16_t* const* sub, int n_sub) const {
  if (update_ == simd::kBuildKernels.update)
    simd::build::update(out, in, add, n_add, sub, n_sub);
  else
    update_(out, in, add, n_add, sub, n_sub);
}

int32_t Network::run_screlu_dot(const int16_t* acc, const int16_t* w) const {
  return screlu_dot_ == simd::kBuildKernels.screlu_dot ? simd::build::screlu_dot(acc, w)
                                                       : screlu_dot_(acc, w);
}

Network::Network(const QuantisedNet& net, std::string source)
    : update_(simd::kBuildKernels.update),
      screlu_dot_(simd::kBuildKernels.screlu_dot),
      simd_name_(simd::backend_name(simd::kBuildBackend)),
      header_(net.header),
      source_(std::move(source)),
      content_hash_(fnv1a64(serialize_net(net))) {
  // parse_net and QuantisedNet::zeroed give exact sizes; a hand-built net with
  // other sizes is cut or zero-filled rather than overrunning the arrays.
  auto copy = [](const auto& from, auto& to) {
    to.fill(0);
    std::copy_n(from.begin(), std::min(from.size(), to.size()), to.begin());
  };
  layout_ = net.layout();
  feature_rows_.resize(size_t(input_rows(layout_)));
  for (size_t r = 0; r < feature_rows_.size(); ++r) {
    std::array<int16_t, kHidden>& row = feature_rows_[r].values;
    row.fill(0);
    const size_t begin = std::min(r * kHidden, net.feature_weights.size());
    const size_t end = std::min(begin + kHidden, net.feature_weights.size());
    std::copy(net.feature_weights.begin() + ptrdiff_t(begin),
              net.feature_weights.begin() + ptrdiff_t(end), row.begin());
  }
  copy(net.feature_bias, feature_bias_);
  copy(net.output_weights, output_weights_);
  copy(net.output_bias, output_bias_);
}

std::shared_ptr<const Network> Network::with_simd_backend(std::string_view name) const {
  for (const simd::Kernels& k : simd::kCompiled) {
    if (name != simd::backend_name(k.backend)) continue;
    // new of an over-aligned type uses the aligned operator new (C++17).
    std::shared_ptr<Network> copy(new Network(*this));
    copy->update_ = k.update;
    copy->screlu_dot_ = k.screlu_dot;
    copy->simd_name_ = simd::backend_name(k.backend);
    return copy;
  }
  return nullptr;
}

bool Network::king_changes_frame(const core::Position& before, core::Move m) const {
  const core::Color us = before.side_to_move();
  if (core::type_of(before.piece_on(m.from())) != core::PieceType::King) return false;
  const core::Square to = m.is_castling()
                              ? core::castled_king_square(us, core::castling_side(m.from(), m.to()))
                              : m.to();
  return input_frame(layout_, us, m.from()) != input_frame(layout_, us, to);
}

void Network::refresh(const core::Position& pos, Accumulator& acc, core::Color persp) const {
  const InputFrame f = frame(pos, persp);
  // Sized for a full board: a FEN may hold more men than a legal game.
  std::array<const int16_t*, core::kNumSquares> rows;
  int n = 0;
  for (core::Square s : core::squares(pos.pieces()))
    rows[n++] = row(f, persp, {pos.piece_on(s), s});
  run_update(acc.values[core::index(persp)].data(), feature_bias_.data(), rows.data(), n, nullptr,
             0);
}

void Network::refresh(const core::Position& pos, Accumulator& acc) const {
  for (core::Color persp : kPerspectives) refresh(pos, acc, persp);
}

void Network::update(const Accumulator& in, Accumulator& out, const FeatureDelta& delta,
                     core::Color persp, InputFrame frame) const {
  // Initialised: GCC 12 cannot see that only the n_added / n_removed filled
  // ones are read (-Wmaybe-uninitialized with the scalar back end).
  const int16_t* add[2] = {};
  const int16_t* sub[2] = {};
  for (int k = 0; k < delta.n_added; ++k) add[k] = row(frame, persp, delta.added[k]);
  for (int k = 0; k < delta.n_removed; ++k) sub[k] = row(frame, persp, delta.removed[k]);
  const int c = core::index(persp);
  run_update(out.values[c].data(), in.values[c].data(), add, delta.n_added, sub, delta.n_removed);
}

void Network::update(const Accumulator& in, Accumulator& out, const core::Position& before,
                     core::Move m, const core::Position& after) const {
  const FeatureDelta delta = feature_delta(before, m);
  const bool mover_refreshes = changes_frame(before, m);
  for (core::Color persp : kPerspectives) {
    if (mover_refreshes && persp == before.side_to_move())
      refresh(after, out, persp);
    else
      update(in, out, delta, persp, frame(after, persp));
  }
}

int Network::output(const Accumulator& acc, core::Color stm, int men) const {
  const int bucket = output_bucket(men);
  const int16_t* w = output_weights_.data() + size_t(bucket) * 2 * kHidden;
  const int64_t sum = int64_t(run_screlu_dot(acc.values[core::index(stm)].data(), w)) +
                      run_screlu_dot(acc.values[core::index(~stm)].data(), w + kHidden);
  return output_to_centipawns(sum, output_bias_[size_t(bucket)]);
}

std::string Network::description() const {
  const auto& d = header_.description;
  return std::string(d.data(), size_t(std::find(d.begin(), d.end(), '\0') - d.begin()));
}

std::string Network::summary() const {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(content_hash_));
  const std::string desc = description();
  const std::string inputs =
      layout_ == InputLayout::Plain ? "" : std::string(", ") + layout_name(layout_) + " inputs";
  return "NNUE " + (desc.empty() ? std::string("(no description)") : "'" + desc + "'") + " from " +
         source_ + ", hash " + hash + ", " + std::to_string(kHidden) + " hidden" + inputs +
         ", simd " + simd_name_;
}

std::vector<int> outputs_around(const Network& net, const std::vector<core::Position>& positions) {
  std::vector<int> out;
  Accumulator acc, child;
  for (const core::Position& pos : positions) {
    const int men = core::popcount(pos.pieces());
    net.refresh(pos, acc);
    out.push_back(net.output(acc, core::Color::White, men));
    out.push_back(net.output(acc, core::Color::Black, men));
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (core::Move m : moves) {
      core::Position next = pos;
      core::UndoInfo undo;
      next.make_move(m, undo);
      net.update(acc, child, pos, m, next);
      out.push_back(net.output(child, next.side_to_move(), core::popcount(next.pieces())));
    }
  }
  return out;
}

std::shared_ptr<const Network> make_network(const QuantisedNet& net, std::string source) {
  // new of an over-aligned type uses the aligned operator new (C++17).
  return std::shared_ptr<const Network>(new Network(net, std::move(source)));
}

}  // namespace arbiter::eval::nnue
