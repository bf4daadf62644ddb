// Running self-play on several threads into one data file, in game order, and
// the text dump of a data file.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>

#include "arbiter/core/fen.h"
#include "arbiter/datagen/data_file.h"
#include "arbiter/datagen/self_play.h"

namespace arbiter::datagen {

namespace {

constexpr double kProgressEverySeconds = 10.0;

bool target_reached(const DatagenOptions& o, const FileHeader& h) {
  return (o.games && h.games >= o.games) || (o.positions && h.positions >= o.positions);
}

std::string percent(uint64_t part, uint64_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
  return buf;
}

void print_progress(std::ostream& log, const FileHeader& h, const DatagenSummary& s,
                    double seconds) {
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f pos/s (%.1f games/s)",
                seconds > 0 ? double(s.new_positions) / seconds : 0.0,
                seconds > 0 ? double(s.new_games) / seconds : 0.0);
  log << "datagen: " << h.games << " games, " << h.positions << " positions, " << rate
      << ", White W/D/L " << percent(h.wins, h.games) << " / " << percent(h.draws, h.games) << " / "
      << percent(h.losses, h.games) << std::endl;
}

}  // namespace

Result<DatagenSummary> run_datagen(const DatagenOptions& options, const std::string& path,
                                   std::ostream& log) {
  if (!options.games && !options.positions)
    return Error{"datagen needs a target: a number of games or of positions"};
  auto opened = DataWriter::open(path, options.settings_text());
  if (!opened) return Error{opened.error()};
  if (opened->header().games)
    log << "datagen: resuming " << path << " at game " << opened->header().games << std::endl;
  auto summary = run_datagen(options, opened.value(), log);
  if (!summary) return Error{path + ": " + summary.error()};
  return summary;
}

Result<DatagenSummary> run_datagen(const DatagenOptions& options, GameSink& writer,
                                   std::ostream& log) {
  if (!options.games && !options.positions)
    return Error{"datagen needs a target: a number of games or of positions"};
  DatagenSummary summary;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };

  // Workers take game indices in turn; the writer takes finished games in index order.
  std::atomic<uint64_t> next_index{writer.totals().games};
  std::atomic<bool> stop{target_reached(options, writer.totals())};
  std::mutex mutex;
  std::condition_variable finished_game;
  std::map<uint64_t, GameRecord> finished;
  std::vector<std::thread> workers;
  for (int t = 0; t < std::max(1, options.threads); ++t)
    workers.emplace_back([&] {
      SelfPlayer player(options);
      while (!stop.load()) {
        const uint64_t index = next_index.fetch_add(1);
        GameRecord game = player.play(index);
        std::lock_guard lock(mutex);
        finished.emplace(index, std::move(game));
        finished_game.notify_all();
      }
    });

  Result<bool> status = true;
  double last_report = 0;
  for (uint64_t expected = writer.totals().games; !stop.load(); ++expected) {
    GameRecord game;
    {
      std::unique_lock lock(mutex);
      finished_game.wait(lock, [&] { return finished.count(expected) > 0; });
      game = std::move(finished[expected]);
      finished.erase(expected);
    }
    status = writer.append_game(game);
    if (!status) break;
    ++summary.new_games;
    summary.new_positions += game.records.size();
    if (target_reached(options, writer.totals())) break;
    if (elapsed() - last_report >= kProgressEverySeconds) {
      last_report = elapsed();
      print_progress(log, writer.totals(), summary, last_report);
    }
  }
  stop.store(true);
  for (auto& w : workers) w.join();
  summary.games = writer.totals().games;
  summary.positions = writer.totals().positions;
  summary.seconds = elapsed();
  print_progress(log, writer.totals(), summary, summary.seconds);
  if (!status) return Error{status.error()};
  return summary;
}

Result<uint64_t> dump_data_file(const std::string& path, std::ostream& out, uint64_t limit) {
  auto reader = DataReader::open(path);
  if (!reader) return Error{reader.error()};
  static constexpr const char* kResultNames[] = {"0", "0.5", "1"};
  uint64_t n = 0;
  for (auto chunk = reader.value().next(4096); !chunk.empty(); chunk = reader.value().next(4096)) {
    for (const PackedPosition& p : chunk) {
      if (limit && n >= limit) return n;
      auto pos = p.unpack();
      out << (pos ? core::to_fen(*pos) : std::string("<invalid record>")) << " | " << p.score
          << " | " << (p.result <= 2 ? kResultNames[p.result] : "?") << "\n";
      if (!out) return n;  // e.g. `| head` closed the pipe
      ++n;
    }
  }
  return n;
}

}  // namespace arbiter::datagen
