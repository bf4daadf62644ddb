#include "arbiter/match/game_runner.h"

#include <chrono>
#include <cstdio>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/match/termination.h"

namespace arbiter::match {

namespace {

constexpr int kCentipawnsPerPawn = 100;
constexpr int kMsPerSecond = 1000;

// Today's UTC date by the calendar of <chrono> (gmtime_r is POSIX only).
std::string utc_date_tag() {
  const std::chrono::year_month_day today{
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%04d.%02u.%02u", int(today.year()), unsigned(today.month()),
                unsigned(today.day()));
  return buffer;
}

GoLimits go_limits(const std::array<GameClock, core::kNumColors>& clocks, int side,
                   const std::array<const Player*, core::kNumColors>& players) {
  GoLimits go;
  const TimeLimit& limit = players[side]->limit;
  const TimeLimit& white = players[0]->limit;
  const TimeLimit& black = players[1]->limit;
  if (limit.has_clock()) {
    // An engine must never see a negative clock; the runner already allows for the margin.
    go.wtime = std::max<int64_t>(clocks[0].remaining_ms(), 0);
    go.btime = std::max<int64_t>(clocks[1].remaining_ms(), 0);
    go.winc = white.increment_ms;
    go.binc = black.increment_ms;
    if (auto mtg = clocks[side].moves_to_go()) go.movestogo = *mtg;
  } else if (limit.has_movetime()) {
    go.movetime = *limit.movetime_ms;
  }
  go.nodes = limit.nodes;
  go.depth = limit.depth;
  if (!limit.bounded()) go.infinite = true;  // refused by the command line; kept total
  return go;
}

// Tracks the non-FIDE score adjudications over the game.
class ScoreWatch {
 public:
  explicit ScoreWatch(const ScoreAdjudication& rules) : rules_(rules) {}

  // The mover's score after its move at full move `move_number`.
  void record(core::Color mover, const SearchInfo& info, int move_number) {
    int i = core::index(mover);
    bool has_cp = info.score_cp.has_value();
    int cp = info.score_cp.value_or(0);
    bool losing =
        info.score_mate ? *info.score_mate < 0 : (has_cp && cp <= -rules_.resign_score_cp);
    bool winning =
        info.score_mate ? *info.score_mate > 0 : (has_cp && cp >= rules_.resign_score_cp);
    bool drawish = has_cp && !info.score_mate && std::abs(cp) <= rules_.draw_score_cp &&
                   move_number >= rules_.draw_move_number;
    losing_[i] = losing ? losing_[i] + 1 : 0;
    winning_[i] = winning ? winning_[i] + 1 : 0;
    drawish_[i] = drawish ? drawish_[i] + 1 : 0;
  }
  bool draw_due() const {
    return rules_.draw && drawish_[0] >= rules_.draw_move_count &&
           drawish_[1] >= rules_.draw_move_count;
  }
  bool resign_due(core::Color c) const {
    int i = core::index(c);
    if (!rules_.resign || losing_[i] < rules_.resign_move_count) return false;
    return !rules_.resign_two_sided || winning_[1 - i] >= rules_.resign_move_count;
  }

 private:
  const ScoreAdjudication& rules_;
  std::array<int, core::kNumColors> losing_{}, winning_{}, drawish_{};
};

std::string side_name(int side) { return side == 0 ? "White" : "Black"; }

std::string seconds_comment(int64_t ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3fs", static_cast<double>(ms) / kMsPerSecond);
  return buffer;
}

void append_comment(pgn::Game& pgn, const std::string& note) {
  if (pgn.ply_count() == 0) {
    std::string lead(pgn.leading_comment());
    pgn.set_leading_comment(lead.empty() ? note : lead + " " + note);
    return;
  }
  std::string existing(pgn.comment(pgn.ply_count() - 1));
  int64_t clock = pgn.clock_ms(pgn.ply_count() - 1);
  pgn.set_comment(existing.empty() ? note : existing + " " + note);
  if (clock != pgn::kNoClock) pgn.set_clock_ms(clock);
}

class GameRun {
 public:
  GameRun(const Opening& opening, const Player& white, const Player& black,
          const GameSettings& settings)
      : opening_(opening),
        settings_(settings),
        players_{&white, &black},
        clocks_{GameClock(white.limit), GameClock(black.limit)},
        game_(opening.start_position(), options_for(white.limit, settings)),
        scores_(settings.adjudication) {}

  GameRecord run() {
    write_tags();
    play_opening();
    while (!game_.finished() && !stopped_by_convenience_) {
      if (settings_.abort && settings_.abort->load()) {
        for (int s : {0, 1}) stop_pondering(s);
        record_.aborted = true;
        return std::move(record_);
      }
      play_one_turn();
    }
    for (int s : {0, 1}) stop_pondering(s);  // the game is over: nothing to ponder on
    finish();
    return std::move(record_);
  }

 private:
  static rules::GameOptions options_for(const TimeLimit& limit, const GameSettings& settings) {
    rules::GameOptions options = settings.rules;
    options.time_control = fide_time_control_class(limit, options.edition);
    return options;
  }

  void write_tags() {
    pgn::Game& pgn = record_.pgn;
    pgn.set_start_position(game_.start_position());
    pgn.set_tag("Event", settings_.event);
    pgn.set_tag("Site", settings_.site);
    pgn.set_tag("Date", utc_date_tag());
    pgn.set_tag("Round", settings_.round);
    pgn.set_tag("White", players_[0]->engine->config().name);
    pgn.set_tag("Black", players_[1]->engine->config().name);
    pgn.set_tag("Result", "*");
    const TimeLimit& w = players_[0]->limit;
    const TimeLimit& b = players_[1]->limit;
    if (w.describe() == b.describe()) {
      pgn.set_tag("TimeControl", w.pgn_tag());
    } else {
      pgn.set_tag("WhiteTimeControl", w.describe());
      pgn.set_tag("BlackTimeControl", b.describe());
    }
    pgn.set_tag("Rules", rules_description(game_.options()));
    if (settings_.adjudication.any())
      pgn.set_tag("Adjudication", "not FIDE: " + settings_.adjudication.describe());
    start_command_ = "position ";
    if (game_.start_position().is_chess960() || opening_.fen != core::kStartFen)
      start_command_ += "fen " + core::to_fen(game_.start_position(), core::CastlingNotation::XFen);
    else
      start_command_ += "startpos";
  }

  void play_opening() {
    for (core::Move m : opening_.moves) {
      if (game_.finished()) return;
      moves_.append(" ").append(core::to_uci(m, opening_.chess960));
      record_.pgn.push_move(m);
      game_.play_legal(m);
    }
    if (!opening_.moves.empty()) record_.pgn.set_comment("book");
  }

  void play_one_turn() {
    const core::Color side = game_.position().side_to_move();
    const int s = core::index(side);
    const Player& player = *players_[s];
    GameClock& clock = clocks_[s];

    // 1. Ask for a move; the deadline is the flag fall (or the hang timeout). An
    // engine that pondered on the move just played gets "ponderhit"; one that
    // pondered on another is stopped first (its clock not yet running).
    const bool ponder_hit = ponder_hit_or_stop(s);
    GoLimits limits = go_limits(clocks_, s, players_);
    auto asked = Clock::now();
    auto deadline =
        clock.timed()
            ? asked + std::chrono::milliseconds(clock.allowance_ms(settings_.flag_margin_ms) + 1)
            : asked + settings_.hang_timeout;
    BestMoveReply reply = ponder_hit ? player.engine->ponderhit(deadline)
                                     : player.engine->go(position_command(), limits, deadline);

    // 2. No answer in time: a flag fall, or an engine that will never move.
    if (reply.status == ReplyStatus::Timeout) {
      if (clock.timed()) {
        record_.sides[s].lost_on_time = true;
        append_comment(record_.pgn,
                       side_name(s) + "'s flag fell (no move within " +
                           std::to_string(clock.allowance_ms(settings_.flag_margin_ms)) + " ms)");
      } else {
        record_.sides[s].crashed = true;
        abandoned_ = "no answer within " + std::to_string(settings_.hang_timeout.count()) + " ms";
      }
      game_.flag(side);
      if (!player.engine->recover(settings_.stop_grace, settings_.handshake_timeout))
        record_.sides[s].restart_failed = true;
      return;
    }
    if (reply.status == ReplyStatus::Crashed) {
      record_.sides[s].crashed = true;
      abandoned_ = "engine crashed";
      if (!player.engine->last_error().empty())
        abandoned_ += " (" + player.engine->last_error() + ")";
      game_.flag(side);
      if (!player.engine->restart(settings_.handshake_timeout))
        record_.sides[s].restart_failed = true;
      return;
    }

    // 3. An answer: first the clock (a move after the flag fell does not exist).
    if (!clock.charge(reply.elapsed_ms, settings_.flag_margin_ms)) {
      record_.sides[s].lost_on_time = true;
      append_comment(record_.pgn, side_name(s) + "'s flag fell (move after " +
                                      std::to_string(reply.elapsed_ms) + " ms)");
      game_.flag(side);
      return;
    }

    // 4. Then the move: one that is not legal here is a completed illegal move (7.5).
    Result<core::Move> move = core::parse_uci_move(game_.position(), reply.move, opening_.chess960);
    if (!move) {
      ++record_.sides[s].illegal_moves;
      append_comment(record_.pgn, side_name(s) + " played the illegal move '" + reply.move + "'");
      size_t penalties_before = game_.penalties().size();
      game_.illegal_move(side);
      // Penalties give the opponent time (7.5.5: +2 min, rapid/blitz +1 min).
      for (size_t i = penalties_before; i < game_.penalties().size(); ++i)
        clocks_[1 - s].add_ms(int64_t(game_.penalties()[i].opponent_bonus_seconds) * kMsPerSecond);
      return;
    }

    // 5. A legal move: into the record with the engine's evaluation and clock.
    record_.pgn.push_move(*move);
    std::string comment = format_score(reply.info);
    if (!comment.empty()) comment += "/" + std::to_string(reply.info.depth) + " ";
    record_.pgn.set_comment(comment + seconds_comment(reply.elapsed_ms));
    if (clock.timed()) record_.pgn.set_clock_ms(clock.remaining_ms());
    last_move_ = core::to_uci(*move, opening_.chess960);
    moves_.append(" ").append(last_move_);
    int move_number = game_.position().fullmove_number();
    game_.play_legal(*move);
    if (game_.finished()) return;

    // 6. The conveniences that are not FIDE, when switched on.
    apply_conveniences(side, reply.info, move_number);

    // 7. On the opponent's time, the move the engine expects (ponder=true).
    if (!game_.finished() && !stopped_by_convenience_) start_pondering(s, reply);
  }

  std::string position_command() const {
    return start_command_ + (moves_.empty() ? "" : " moves" + moves_);
  }

  // Whether side `s` pondered on the move just played (then ponderhit is due);
  // a ponder search on any other move is stopped here.
  bool ponder_hit_or_stop(int s) {
    if (!players_[s]->engine->pondering()) return false;
    if (last_move_ == expected_[s]) {
      ++record_.sides[s].ponder_hits;
      return true;
    }
    stop_pondering(s);
    return false;
  }

  void stop_pondering(int s) {
    UciEngine& engine = *players_[s]->engine;
    if (!engine.pondering()) return;
    ++record_.sides[s].ponder_misses;
    if (auto latency = engine.stop_ponder(settings_.stop_grace, settings_.handshake_timeout))
      record_.sides[s].stop_latencies_ms.push_back(*latency);
    else
      append_comment(record_.pgn, side_name(s) + " did not answer stop while pondering: restarted");
  }

  // "go ponder" on the position after the engine's expected reply, if it named a
  // legal one; the clocks as they stand now.
  void start_pondering(int s, const BestMoveReply& reply) {
    if (!players_[s]->ponder || !reply.ponder) return;
    Result<core::Move> expected =
        core::parse_uci_move(game_.position(), *reply.ponder, opening_.chess960);
    if (!expected) return;  // nonsense or illegal: no pondering this time
    expected_[s] = core::to_uci(*expected, opening_.chess960);
    players_[s]->engine->start_ponder(position_command() + " " + expected_[s],
                                      go_limits(clocks_, s, players_));
  }

  void apply_conveniences(core::Color mover, const SearchInfo& info, int move_number) {
    const ScoreAdjudication& adj = settings_.adjudication;
    if (!adj.any()) return;
    scores_.record(mover, info, move_number);
    if (scores_.resign_due(mover)) {
      convenience_ = "resignation by score";
      game_.resign(mover);
      return;
    }
    if (scores_.draw_due()) {
      game_.offer_draw(mover);
      game_.accept_draw(~mover);
      if (game_.finished()) {
        convenience_ = "draw by score";
        return;
      }
    }
    if (adj.max_moves > 0 && game_.ply() >= 2 * adj.max_moves) {
      convenience_ = "maximum length of " + std::to_string(adj.max_moves) + " moves";
      stopped_by_convenience_ = true;
    }
  }

  void finish() {
    const rules::Outcome& outcome = game_.outcome();
    record_.outcome = outcome;
    record_.result =
        stopped_by_convenience_ ? pgn::GameResult::Draw : adjudicate::to_pgn_result(outcome.result);
    TerminationText text = describe_termination(outcome, game_.options().edition, abandoned_,
                                                convenience_, stopped_by_convenience_);
    record_.termination = text.tag;
    record_.summary = text.summary;
    record_.pgn.set_result(record_.result);
    record_.pgn.set_tag("Result", pgn::result_token(record_.result));
    record_.pgn.set_tag("Termination", record_.termination);
    record_.pgn.set_tag("PlyCount", std::to_string(record_.pgn.ply_count()));
    append_comment(record_.pgn, text.summary);
  }

  const Opening& opening_;
  const GameSettings& settings_;
  std::array<const Player*, core::kNumColors> players_;
  std::array<GameClock, core::kNumColors> clocks_;
  rules::Game game_;
  ScoreWatch scores_;
  GameRecord record_;
  std::string start_command_;
  std::string moves_;      // " e2e4 e7e5 ...": the moves since the start position
  std::string last_move_;  // the last move played, UCI
  std::array<std::string, core::kNumColors> expected_;  // the move each side ponders on
  std::string abandoned_;    // why an engine could not go on, if it could not
  std::string convenience_;  // which non-FIDE rule ended the game, if one did
  bool stopped_by_convenience_ = false;
};

}  // namespace

std::string ScoreAdjudication::describe() const {
  std::string out;
  auto add = [&out](const std::string& s) { out += (out.empty() ? "" : "; ") + s; };
  if (draw)
    add("draw by score from move " + std::to_string(draw_move_number) + " after " +
        std::to_string(draw_move_count) + " moves within " + std::to_string(draw_score_cp) + " cp");
  if (resign)
    add(std::string(resign_two_sided ? "two-sided " : "") + "resignation by score after " +
        std::to_string(resign_move_count) + " moves at -" + std::to_string(resign_score_cp) +
        " cp");
  if (max_moves > 0) add("draw after " + std::to_string(max_moves) + " moves");
  return out.empty() ? "none" : out;
}

std::string format_score(const SearchInfo& info) {
  if (info.score_mate) {
    int m = *info.score_mate;
    return (m > 0 ? "+M" : "-M") + std::to_string(std::abs(m));
  }
  if (!info.score_cp) return "";
  int cp = *info.score_cp;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%c%d.%02d", cp < 0 ? '-' : '+',
                std::abs(cp) / kCentipawnsPerPawn, std::abs(cp) % kCentipawnsPerPawn);
  return buffer;
}

GameRecord play_game(const Opening& opening, const Player& white, const Player& black,
                     const GameSettings& settings) {
  return GameRun(opening, white, black, settings).run();
}

}  // namespace arbiter::match
