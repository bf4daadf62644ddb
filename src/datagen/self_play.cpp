// Self-play games for training data (see self_play.h).
#include "arbiter/datagen/self_play.h"

#include <cstdlib>

#include "arbiter/core/chess960.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/split_mix.h"
#include "arbiter/rules/game.h"
#include "arbiter/search/threads.h"

namespace arbiter::datagen {

namespace {

// Attempts at a usable random start before the game takes whatever it has.
constexpr int kMaxStartAttempts = 64;

// One stream per game. below() is part of the data's definition: changing it
// changes every file a seed gives (nets/README.md's lineage depends on it).
class Random {
 public:
  explicit Random(uint64_t seed) : bits_(seed) {}
  uint64_t below(uint64_t n) { return bits_.next() % n; }

 private:
  core::SplitMix64 bits_;
};

WdlResult white_result_of(rules::GameResult r) {
  switch (r) {
    case rules::GameResult::WhiteWins:
      return WdlResult::Win;
    case rules::GameResult::BlackWins:
      return WdlResult::Loss;
    default:
      return WdlResult::Draw;
  }
}

// Consecutive plies beyond the margins, for score adjudication.
struct AdjudicationState {
  int white_winning = 0, black_winning = 0, quiet = 0;
};

}  // namespace

std::string DatagenOptions::settings_text() const {
  std::string s =
      "arbiter " ARBITER_VERSION " eval=" + evaluation + " nodes=" + std::to_string(soft_nodes) +
      "x" + std::to_string(hard_node_factor) + " random_plies=" + std::to_string(random_plies) +
      " chess960=" + (chess960 ? "1" : "0") + " max_open=" + std::to_string(max_opening_score) +
      " hash=" + std::to_string(hash_mb);
  if (adjudicate)
    s += " adj=win:" + std::to_string(win_score) + "x" + std::to_string(win_plies) +
         ",draw:" + std::to_string(draw_score) + "x" + std::to_string(draw_plies) + "@" +
         std::to_string(draw_min_ply);
  else
    s += " adj=off";
  return s + " seed=" + std::to_string(seed);
}

struct SelfPlayer::Impl {
  explicit Impl(const DatagenOptions& o) : options(o) {
    pool.set_hash(size_t(o.hash_mb));
    limits.soft_nodes = o.soft_nodes;
    limits.nodes = o.soft_nodes * o.hard_node_factor;
  }

  search::SearchResult search(const core::Position& pos) {
    return pool.search_sync(pos, keys, limits, search::SearchOptions{});
  }

  // A random start: the game after options.random_plies random plies, not over,
  // not already lopsided.
  void random_start(Random& rng, rules::Game& game) {
    for (int attempt = 0; attempt < kMaxStartAttempts; ++attempt) {
      const core::Position start =
          options.chess960 ? core::chess960_position(int(rng.below(core::kChess960Positions)))
                           : core::Position::start_position();
      game.reset(start);
      keys.clear();
      for (int ply = 0; ply < options.random_plies && !game.finished(); ++ply) {
        core::MoveList moves;
        core::generate_legal(game.position(), moves);
        keys.push_back(game.position().key());
        game.play_legal(moves[rng.below(moves.size())]);
      }
      if (game.finished()) continue;
      pool.clear();
      const search::SearchResult r = search(game.position());
      if (std::abs(r.score) <= options.max_opening_score) return;
    }
  }

  // Score adjudication after a search of the side to move; true when it ends the game.
  bool adjudicated(AdjudicationState& st, int score, core::Color stm, int ply,
                   WdlResult& white_result) const {
    if (!options.adjudicate) return false;
    const int white_score = stm == core::Color::White ? score : -score;
    st.white_winning = white_score >= options.win_score ? st.white_winning + 1 : 0;
    st.black_winning = white_score <= -options.win_score ? st.black_winning + 1 : 0;
    st.quiet =
        (ply >= options.draw_min_ply && std::abs(score) <= options.draw_score) ? st.quiet + 1 : 0;
    if (st.white_winning >= options.win_plies)
      white_result = WdlResult::Win;
    else if (st.black_winning >= options.win_plies)
      white_result = WdlResult::Loss;
    else if (st.quiet >= options.draw_plies)
      white_result = WdlResult::Draw;
    else
      return false;
    return true;
  }

  GameRecord play(uint64_t game_index) {
    Random rng(options.seed * 0x2545f4914f6cdd1dull + game_index);
    rules::GameOptions game_options;
    game_options.claim_mode = rules::ClaimMode::ProxyClaim;  // engines claim draws at once
    game_options.record_claims = false;
    rules::Game game(game_options);
    random_start(rng, game);
    pool.clear();

    GameRecord record;
    record.start = game.position();
    AdjudicationState adjudication;
    while (!game.finished()) {
      const core::Position& pos = game.position();
      const search::SearchResult r = search(pos);
      if (!r.best) break;  // cannot happen: a finished game has no moves to search
      record.moves.push_back(r.best);
      record.scores.push_back(r.score);
      if (adjudicated(adjudication, r.score, pos.side_to_move(), game.ply(), record.white_result)) {
        record.adjudicated = true;
        break;
      }
      keys.push_back(pos.key());
      game.play_legal(r.best);
    }
    if (!record.adjudicated) record.white_result = white_result_of(game.outcome().result);
    record.records =
        training_records(record.start, record.moves, record.scores, record.white_result);
    return record;
  }

  DatagenOptions options;
  search::ThreadPool pool;
  search::SearchLimits limits;
  std::vector<core::Key> keys;  // the game's positions before the one searched
};

SelfPlayer::SelfPlayer(const DatagenOptions& options) : impl_(new Impl(options)) {}
SelfPlayer::~SelfPlayer() { delete impl_; }
GameRecord SelfPlayer::play(uint64_t game_index) { return impl_->play(game_index); }

}  // namespace arbiter::datagen
