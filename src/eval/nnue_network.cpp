// Inference with the build's SIMD back end (nnue_simd.h): refresh, update and
// output over 64-byte aligned copies of the quantised weights.
#include "arbiter/eval/nnue_network.h"

#include <algorithm>
#include <cstdio>

#include "arbiter/core/bitboard.h"
#include "arbiter/eval/nnue_simd.h"

namespace arbiter::eval::nnue {

namespace {

constexpr core::Color kPerspectives[] = {core::Color::White, core::Color::Black};

uint64_t fnv1a64(const std::vector<uint8_t>& bytes) {
  uint64_t h = 14695981039346656037ull;
  for (uint8_t b : bytes) h = (h ^ b) * 1099511628211ull;
  return h;
}

}  // namespace

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

Network::Network(const QuantisedNet& net, std::string source)
    : header_(net.header), source_(std::move(source)), content_hash_(fnv1a64(serialize_net(net))) {
  // parse_net and QuantisedNet::zeroed give exact sizes; a hand-built net with
  // other sizes is cut or zero-filled rather than overrunning the arrays.
  auto copy = [](const auto& from, auto& to) {
    to.fill(0);
    std::copy_n(from.begin(), std::min(from.size(), to.size()), to.begin());
  };
  copy(net.feature_weights, feature_weights_);
  copy(net.feature_bias, feature_bias_);
  copy(net.output_weights, output_weights_);
  copy(net.output_bias, output_bias_);
}

void Network::refresh(const core::Position& pos, Accumulator& acc) const {
  for (core::Color persp : kPerspectives) {
    // Sized for a full board: a FEN may hold more men than a legal game.
    std::array<const int16_t*, core::kNumSquares> rows;
    int n = 0;
    for (core::Square s : core::squares(pos.pieces())) rows[n++] = row(persp, {pos.piece_on(s), s});
    simd::active::update(acc.values[core::index(persp)].data(), feature_bias_.data(), rows.data(),
                         n, nullptr, 0);
  }
}

void Network::update(const Accumulator& in, Accumulator& out, const FeatureDelta& delta) const {
  for (core::Color persp : kPerspectives) {
    // Initialised: GCC 12 cannot see that only the n_added / n_removed filled
    // ones are read (-Wmaybe-uninitialized with the scalar back end).
    const int16_t* add[2] = {};
    const int16_t* sub[2] = {};
    for (int k = 0; k < delta.n_added; ++k) add[k] = row(persp, delta.added[k]);
    for (int k = 0; k < delta.n_removed; ++k) sub[k] = row(persp, delta.removed[k]);
    const int c = core::index(persp);
    simd::active::update(out.values[c].data(), in.values[c].data(), add, delta.n_added, sub,
                         delta.n_removed);
  }
}

int Network::output(const Accumulator& acc, core::Color stm, int men) const {
  const int bucket = output_bucket(men);
  const int16_t* w = output_weights_.data() + size_t(bucket) * 2 * kHidden;
  const int32_t sum = simd::active::screlu_dot(acc.values[core::index(stm)].data(), w) +
                      simd::active::screlu_dot(acc.values[core::index(~stm)].data(), w + kHidden);
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
  return "NNUE " + (desc.empty() ? std::string("(no description)") : "'" + desc + "'") + " from " +
         source_ + ", hash " + hash + ", " + std::to_string(kHidden) + " hidden, simd " +
         simd::backend_name(simd::active::kBackend);
}

std::shared_ptr<const Network> make_network(const QuantisedNet& net, std::string source) {
  // new of an over-aligned type uses the aligned operator new (C++17).
  return std::shared_ptr<const Network>(new Network(net, std::move(source)));
}

}  // namespace arbiter::eval::nnue
