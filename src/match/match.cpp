#include "arbiter/match/match.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "arbiter/match/resume.h"
#include "arbiter/pgn/writer.h"

namespace arbiter::match {

namespace {

constexpr double kWin = 1.0, kDraw = 0.5, kLoss = 0.0;

// One game of the schedule.
struct Job {
  int pairing = 0;
  int round = 0;         // 0-based; the opening is the same for both games of a round
  int game_in_pair = 0;  // 0: the pairing's first engine has White; 1: reversed
  int white = 0, black = 0;
  size_t opening = 0;
  bool done = false;  // already in the PGN file (resume)
};

std::string round_tag(const Job& job) {
  return std::to_string(job.round + 1) + "." + std::to_string(job.game_in_pair + 1);
}

double white_score(pgn::GameResult r) {
  switch (r) {
    case pgn::GameResult::WhiteWins:
      return kWin;
    case pgn::GameResult::BlackWins:
      return kLoss;
    default:
      return kDraw;
  }
}

void add_score(WDL& wdl, double score) {
  if (score == kWin)
    ++wdl.wins;
  else if (score == kLoss)
    ++wdl.losses;
  else
    ++wdl.draws;
}

std::vector<std::pair<int, int>> make_pairings(const MatchConfig& config) {
  std::vector<std::pair<int, int>> pairings;
  int n = static_cast<int>(config.engines.size());
  if (config.tournament == Tournament::Gauntlet) {
    for (int j = 1; j < n; ++j) pairings.emplace_back(0, j);
  } else {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) pairings.emplace_back(i, j);
  }
  return pairings;
}

// Pentanomial when there are complete pairs (the openings' bias cancels), per
// game otherwise, and also while the pairs are too few to vary (every pair 1-1
// gives a variance of 0, which would print as "+/- 0"); the draw ratio is
// always per game (a pentanomial count of 1 point cannot tell a draw pair from
// a win and a loss).
EloEstimate pairing_estimate(const PairingTally& p) {
  EloEstimate e = estimate_from_wdl(p.wdl);
  if (p.pentanomial.pairs() > 0) {
    EloEstimate paired = estimate_from_pentanomial(p.pentanomial);
    if (paired.error95 > 0) e = paired;
  }
  if (p.wdl.games() > 0) e.draw_ratio = static_cast<double>(p.wdl.draws) / p.wdl.games();
  return e;
}

class MatchRun {
 public:
  MatchRun(const MatchConfig& config, const OpeningBook& openings, std::ostream& progress,
           const std::atomic<bool>* stop)
      : config_(config), openings_(openings), progress_(progress), stop_(stop) {}

  MatchSummary run() {
    plan();
    if (!summary_.error.empty()) return summary_;
    if (config_.resume) resume();
    if (!config_.pgn_out.empty()) {
      pgn_file_.open(config_.pgn_out, std::ios::app | std::ios::binary);
      if (!pgn_file_) {
        summary_.error = "cannot open '" + config_.pgn_out + "' for writing";
        return summary_;
      }
    }
    int workers = std::max(1, config_.concurrency);
    std::vector<std::thread> threads;
    for (int i = 0; i < workers; ++i) threads.emplace_back([this] { work(); });
    for (std::thread& t : threads) t.join();
    if (stop_ && stop_->load() && !summary_.stopped_by_sprt) summary_.interrupted = true;
    return summary_;
  }

 private:
  // 1. The schedule: every pairing, round by round, both colours per opening.
  void plan() {
    pairings_ = make_pairings(config_);
    for (const EngineEntry& e : config_.engines) {
      EngineTally tally;
      tally.name = e.config.name;
      summary_.engines.push_back(tally);
    }
    for (auto [a, b] : pairings_) {
      PairingTally tally;
      tally.first = a;
      tally.second = b;
      summary_.pairings.push_back(tally);
    }
    OpeningOrder order(openings_.size(), config_.order, config_.seed, config_.first_opening);
    for (int k = 0; k < config_.games_per_pairing; ++k) {
      for (int p = 0; p < static_cast<int>(pairings_.size()); ++p) {
        Job job;
        job.pairing = p;
        job.round = k / kGamesPerPair;
        job.game_in_pair = k % kGamesPerPair;
        job.white = job.game_in_pair == 0 ? pairings_[p].first : pairings_[p].second;
        job.black = job.game_in_pair == 0 ? pairings_[p].second : pairings_[p].first;
        job.opening = order.at(static_cast<size_t>(job.round));
        jobs_.push_back(job);
      }
    }
    summary_.games_planned = static_cast<int>(jobs_.size());
  }

  // 2. Resume: the games already in the PGN file count and are not played again.
  void resume() {
    std::vector<FinishedGame> finished = read_finished_games(config_.pgn_out);
    for (const FinishedGame& g : finished) {
      for (Job& job : jobs_) {
        if (job.done || round_tag(job) != g.round) continue;
        if (config_.engines[job.white].config.name != g.white ||
            config_.engines[job.black].config.name != g.black)
          continue;
        job.done = true;
        ++summary_.games_resumed;
        score_game(job, g.result);
        break;
      }
    }
  }

  // 3. A worker: its own engine processes, games one after another.
  void work() {
    std::map<int, std::unique_ptr<UciEngine>> engines;
    while (true) {
      std::optional<Job> job = next_job();
      if (!job) break;
      UciEngine* white = engine_for(engines, job->white);
      UciEngine* black = white ? engine_for(engines, job->black) : nullptr;
      if (!white || !black) break;
      const Opening& opening = openings_.at(job->opening);
      for (int side : {job->white, job->black}) {
        // Sent before every game (a restarted engine has forgotten it).
        if (openings_.any_chess960())
          engines[side]->set_option("UCI_Chess960", opening.chess960 ? "true" : "false");
        if (!engines[side]->new_game(config_.game.handshake_timeout) &&
            !engines[side]->restart(config_.game.handshake_timeout)) {
          fail("engine '" + config_.engines[side].config.name + "' does not answer isready");
          return;
        }
      }
      GameSettings settings = config_.game;
      settings.round = round_tag(*job);
      settings.abort = stop_;
      const EngineEntry& w = config_.engines[job->white];
      const EngineEntry& b = config_.engines[job->black];
      GameRecord record = play_game(opening, Player{white, w.limit, w.ponder},
                                    Player{black, b.limit, b.ponder}, settings);
      if (record.aborted) break;
      finish_game(*job, record);
    }
    for (auto& [index, engine] : engines) engine->quit(config_.game.stop_grace);
  }

  UciEngine* engine_for(std::map<int, std::unique_ptr<UciEngine>>& engines, int index) {
    std::unique_ptr<UciEngine>& engine = engines[index];
    if (engine && engine->alive()) return engine.get();
    engine = std::make_unique<UciEngine>(config_.engines[index].config);
    Result<bool> started = engine->start(config_.game.handshake_timeout);
    if (!started) {
      fail("engine '" + config_.engines[index].config.name +
           "' does not start: " + started.error());
      return nullptr;
    }
    return engine.get();
  }

  std::optional<Job> next_job() {
    std::lock_guard lock(mutex_);
    if (stopping()) return std::nullopt;
    while (next_ < jobs_.size() && jobs_[next_].done) ++next_;
    if (next_ >= jobs_.size()) return std::nullopt;
    return jobs_[next_++];
  }

  bool stopping() const {
    return summary_.stopped_by_sprt || !summary_.error.empty() || (stop_ && stop_->load());
  }

  void fail(const std::string& message) {
    std::lock_guard lock(mutex_);
    if (summary_.error.empty()) summary_.error = message;
  }

  // 4. A finished game: into the PGN file at once, then the statistics.
  void finish_game(const Job& job, const GameRecord& record) {
    std::lock_guard lock(mutex_);
    if (pgn_file_.is_open()) {
      pgn::write_game(pgn_file_, record.pgn);
      pgn_file_.flush();
    }
    ++summary_.games_played;
    for (int side = 0; side < core::kNumColors; ++side) {
      EngineTally& tally = summary_.engines[side == 0 ? job.white : job.black];
      const SideReport& report = record.sides[side];
      tally.time_losses += report.lost_on_time;
      tally.illegal_moves += report.illegal_moves;
      tally.crashes += report.crashed;
      tally.ponder_hits += report.ponder_hits;
      tally.ponder_misses += report.ponder_misses;
      tally.stop_latencies_ms.insert(tally.stop_latencies_ms.end(),
                                     report.stop_latencies_ms.begin(),
                                     report.stop_latencies_ms.end());
    }
    score_game(job, record.result);
    if (config_.progress) print_progress(job, record);
  }

  void score_game(const Job& job, pgn::GameResult result) {
    double white = white_score(result);
    add_score(summary_.engines[job.white].wdl, white);
    add_score(summary_.engines[job.black].wdl, 1.0 - white);
    PairingTally& pairing = summary_.pairings[job.pairing];
    double first = job.white == pairing.first ? white : 1.0 - white;
    add_score(pairing.wdl, first);
    auto key = std::make_pair(job.pairing, job.round);
    if (auto it = half_pairs_.find(key); it != half_pairs_.end()) {
      pairing.pentanomial.add_pair(it->second, first);
      half_pairs_.erase(it);
      update_sprt();
    } else {
      half_pairs_.emplace(key, first);
    }
  }

  void update_sprt() {
    if (!config_.sprt || summary_.pairings.size() != 1) return;
    summary_.sprt = sprt_status(*config_.sprt, summary_.pairings[0].pentanomial);
    if (summary_.sprt->decision != SprtDecision::Continue) summary_.stopped_by_sprt = true;
  }

  void print_progress(const Job& job, const GameRecord& record) {
    const PairingTally& p = summary_.pairings[job.pairing];
    const std::string& first = config_.engines[p.first].config.name;
    const std::string& second = config_.engines[p.second].config.name;
    std::ostringstream line;
    line << "Game " << summary_.games_played + summary_.games_resumed << "/"
         << summary_.games_planned << " (round " << round_tag(job)
         << "): " << config_.engines[job.white].config.name << " - "
         << config_.engines[job.black].config.name << " " << pgn::result_token(record.result)
         << ", " << record.summary << "\n  " << first << " vs " << second << ": +" << p.wdl.wins
         << " =" << p.wdl.draws << " -" << p.wdl.losses << ", "
         << format_estimate(pairing_estimate(p));
    if (summary_.sprt) line << ", " << format_sprt(*config_.sprt, *summary_.sprt);
    progress_ << line.str() << std::endl;
  }

  const MatchConfig& config_;
  const OpeningBook& openings_;
  std::ostream& progress_;
  const std::atomic<bool>* stop_;
  std::vector<std::pair<int, int>> pairings_;
  std::vector<Job> jobs_;
  size_t next_ = 0;
  std::map<std::pair<int, int>, double> half_pairs_;  // first game of a pair, awaiting its twin
  std::ofstream pgn_file_;
  std::mutex mutex_;
  MatchSummary summary_;
};

}  // namespace

std::string format_latencies(std::vector<int64_t> ms) {
  if (ms.empty()) return "(none measured)";
  std::sort(ms.begin(), ms.end());
  const size_t p99 = std::min(ms.size() - 1, ms.size() * 99 / 100);
  return "median " + std::to_string(ms[ms.size() / 2]) + " ms, p99 " + std::to_string(ms[p99]) +
         " ms, max " + std::to_string(ms.back()) + " ms";
}

MatchSummary run_match(const MatchConfig& config, const OpeningBook& openings,
                       std::ostream& progress, const std::atomic<bool>* stop) {
  return MatchRun(config, openings, progress, stop).run();
}

std::string format_summary(const MatchSummary& summary, const MatchConfig& config) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-4s %-24s %6s %7s %6s %22s %6s %5s %7s %7s\n", "Rank", "Name",
                "Games", "Score", "%", "Elo", "Draws", "Time", "Illegal", "Crashes");
  out << line;
  std::vector<size_t> rank(summary.engines.size());
  for (size_t i = 0; i < rank.size(); ++i) rank[i] = i;
  std::stable_sort(rank.begin(), rank.end(), [&](size_t a, size_t b) {
    return summary.engines[a].wdl.score() > summary.engines[b].wdl.score();
  });
  for (size_t r = 0; r < rank.size(); ++r) {
    const EngineTally& t = summary.engines[rank[r]];
    EloEstimate e = estimate_from_wdl(t.wdl);
    char elo[64];
    std::snprintf(elo, sizeof elo, "%+.1f +/- %.1f", e.elo, e.error95);
    std::snprintf(line, sizeof line, "%-4zu %-24s %6d %7.1f %5.1f%% %22s %5.1f%% %5d %7d %7d\n",
                  r + 1, t.name.c_str(), t.wdl.games(), t.wdl.wins + 0.5 * t.wdl.draws,
                  100.0 * t.wdl.score(), elo, 100.0 * e.draw_ratio, t.time_losses, t.illegal_moves,
                  t.crashes);
    out << line;
  }
  for (size_t r = 0; r < rank.size(); ++r) {
    const EngineTally& t = summary.engines[rank[r]];
    if (t.ponder_hits + t.ponder_misses == 0) continue;
    out << t.name << " pondering: " << t.ponder_hits << " hits, " << t.ponder_misses
        << " misses; stop to bestmove " << format_latencies(t.stop_latencies_ms) << "\n";
  }
  out << "\n";
  for (const PairingTally& p : summary.pairings) {
    if (p.wdl.games() == 0) continue;
    out << config.engines[p.first].config.name << " vs " << config.engines[p.second].config.name
        << ": +" << p.wdl.wins << " =" << p.wdl.draws << " -" << p.wdl.losses << " ("
        << p.wdl.games() << " games)\n  ";
    if (p.pentanomial.pairs() > 0) {
      out << format_estimate(pairing_estimate(p)) << " (pentanomial [";
      for (int i = 0; i < 5; ++i) out << (i ? ", " : "") << p.pentanomial.counts[i];
      out << "])\n";
    } else {
      out << format_estimate(estimate_from_wdl(p.wdl)) << "\n";
    }
  }
  if (summary.sprt && config.sprt) {
    out << "SPRT: " << format_sprt(*config.sprt, *summary.sprt) << ": "
        << (summary.sprt->decision == SprtDecision::AcceptH1   ? "H1 accepted"
            : summary.sprt->decision == SprtDecision::AcceptH0 ? "H0 accepted"
                                                               : "no decision")
        << "\n";
  }
  out << "Games: " << summary.games_played << " played";
  if (summary.games_resumed) out << ", " << summary.games_resumed << " resumed from the PGN";
  out << ", " << summary.games_planned << " planned";
  if (summary.stopped_by_sprt) out << " (stopped by the SPRT)";
  if (summary.interrupted) out << " (interrupted)";
  out << "\n";
  return out.str();
}

}  // namespace arbiter::match
