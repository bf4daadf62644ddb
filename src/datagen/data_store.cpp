// A store of training data in chunks (see data_store.h).
#include "arbiter/datagen/data_store.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

namespace arbiter::datagen {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kGenerationPrefix = "gen";
constexpr std::string_view kSeedPrefix = "-seed";
constexpr std::string_view kChunkExtension = ".bin";
constexpr int kIndexDigits = 4;
// Records read at a time while a chunk is checked.
constexpr size_t kCheckBatch = 1 << 16;

// Reads a decimal number at the front of `text` and drops it; false when there
// is none or it does not fit.
template <class T>
bool take_number(std::string_view& text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return false;
  text.remove_prefix(size_t(end - text.data()));
  return true;
}

std::string join(const fs::path& folder, const std::string& file) {
  return (folder / file).string();
}

// Adds a chunk's games, positions and results to a run's totals.
void add_counts(FileHeader& totals, const FileHeader& chunk) {
  totals.games += chunk.games;
  totals.positions += chunk.positions;
  totals.wins += chunk.wins;
  totals.draws += chunk.draws;
  totals.losses += chunk.losses;
}

uint64_t chunk_bytes(uint64_t positions) {
  return kFileHeaderSize + positions * sizeof(PackedPosition);
}

// The faults of one chunk read whole (empty: none).
std::vector<std::string> chunk_problems(const std::string& path, uint64_t bytes,
                                        const FileHeader& header) {
  std::vector<std::string> problems;
  if (bytes != chunk_bytes(header.positions))
    problems.push_back(std::to_string(bytes) + " bytes where the header's " +
                       std::to_string(header.positions) + " records take " +
                       std::to_string(chunk_bytes(header.positions)));
  if (bytes > kMaxChunkBytes)
    problems.push_back("larger than a chunk may be (" + std::to_string(kMaxChunkBytes) + " bytes)");
  if (header.wins + header.draws + header.losses != header.games)
    problems.push_back("White's wins, draws and losses do not add up to its " +
                       std::to_string(header.games) + " games");
  if (header.positions < header.games)
    problems.push_back("fewer positions than games (every game keeps some)");
  auto reader = DataReader::open(path);
  if (!reader) {
    problems.push_back(reader.error());
    return problems;
  }
  DataReader& records = reader.value();
  uint64_t index = 0;
  for (auto batch = records.next(kCheckBatch); !batch.empty(); batch = records.next(kCheckBatch)) {
    for (const PackedPosition& p : batch) {
      if (p.result > uint8_t(WdlResult::Win) || !p.unpack())
        problems.push_back("record " + std::to_string(index) + " is not a position with a result");
      ++index;
      if (problems.size() > 3) return problems;  // enough to say the chunk is damaged
    }
  }
  if (index != header.positions)
    problems.push_back("holds " + std::to_string(index) + " of the header's " +
                       std::to_string(header.positions) + " records");
  return problems;
}

}  // namespace

std::string chunk_file_name(const ChunkName& name) {
  char index[16];
  std::snprintf(index, sizeof index, "%0*d", kIndexDigits, name.index);
  return std::string(kGenerationPrefix) + std::to_string(name.generation) +
         std::string(kSeedPrefix) + std::to_string(name.seed) + "-" + index +
         std::string(kChunkExtension);
}

std::optional<ChunkName> parse_chunk_file_name(std::string_view file_name) {
  ChunkName name;
  std::string_view text = file_name;
  if (!text.starts_with(kGenerationPrefix)) return std::nullopt;
  text.remove_prefix(kGenerationPrefix.size());
  if (!take_number(text, name.generation) || !text.starts_with(kSeedPrefix)) return std::nullopt;
  text.remove_prefix(kSeedPrefix.size());
  if (!take_number(text, name.seed) || !text.starts_with("-")) return std::nullopt;
  text.remove_prefix(1);
  if (!take_number(text, name.index) || text != kChunkExtension) return std::nullopt;
  if (name.generation < 0 || name.index < 0) return std::nullopt;
  // One spelling per chunk (no "gen05" beside "gen5"): the one chunk_file_name gives.
  if (chunk_file_name(name) != file_name) return std::nullopt;
  return name;
}

// --- StoreWriter -------------------------------------------------------------------

Result<StoreWriter> StoreWriter::open(const std::string& folder, int generation,
                                      const std::string& settings, uint64_t seed,
                                      uint64_t max_chunk_bytes) {
  if (generation < 0) return Error{"the generation must not be negative"};
  if (max_chunk_bytes < chunk_bytes(1) || max_chunk_bytes > kMaxChunkBytes)
    return Error{"a chunk holds " + std::to_string(chunk_bytes(1)) + " to " +
                 std::to_string(kMaxChunkBytes) + " bytes"};
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return Error{folder + ": cannot create the folder: " + ec.message()};
  // The run's chunks so far, in order: their games come first.
  std::map<int, std::string> chunks;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    auto name = parse_chunk_file_name(entry.path().filename().string());
    if (name && name->generation == generation && name->seed == seed)
      chunks[name->index] = entry.path().string();
  }
  if (ec) return Error{folder + ": cannot list: " + ec.message()};
  StoreWriter w(folder, ChunkName{generation, seed, 0}, settings, max_chunk_bytes);
  int expected = 0;
  for (const auto& [index, path] : chunks) {
    if (index != expected)
      return Error{join(folder, chunk_file_name({generation, seed, expected})) +
                   ": missing, while later chunks of the run exist"};
    ++expected;
    if (index + 1 == int(chunks.size())) break;  // the last is opened for writing below
    auto h = read_data_header(path);
    if (!h) return Error{h.error()};
    FileHeader wanted;
    wanted.set_settings_text(settings);
    if (h->settings_text() != wanted.settings_text())
      return Error{path + ": made with other settings ('" + h->settings_text() +
                   "'); use another seed or generation"};
    add_counts(w.totals_, *h);
  }
  w.name_.index = chunks.empty() ? 0 : int(chunks.size()) - 1;
  auto opened = w.open_chunk();
  if (!opened) return Error{opened.error()};
  return w;
}

Result<bool> StoreWriter::open_chunk() {
  chunk_path_ = join(folder_, chunk_file_name(name_));
  chunk_.reset();
  archive_.reset();
  auto opened = DataWriter::open(chunk_path_, settings_);
  if (!opened) return Error{opened.error()};
  chunk_.emplace(std::move(opened.value()));
  // A resumed chunk's games are the run's too.
  const FileHeader& h = chunk_->header();
  add_counts(totals_, h);
  const std::string archive = archive_path_for(chunk_path_);
  std::error_code ec;
  if (h.games == 0 || fs::exists(archive, ec)) {
    auto archive_writer = ArchiveWriter::open(archive, settings_, h.games);
    if (!archive_writer) return Error{archive_writer.error()};
    archive_.emplace(std::move(archive_writer.value()));
  }
  return true;
}

Result<bool> StoreWriter::append_game(const GameRecord& game) {
  const std::vector<PackedPosition>& records = game.records;
  if (chunk_bytes(records.size()) > max_chunk_bytes_)
    return Error{"a game of " + std::to_string(records.size()) +
                 " positions is larger than a chunk"};
  if (chunk_->header().games > 0 &&
      chunk_bytes(chunk_->header().positions + records.size()) > max_chunk_bytes_) {
    ++name_.index;
    auto opened = open_chunk();
    if (!opened) return opened;
    // A chunk is complete: the manifest names it now, not only when the run
    // ends (a run on a machine that goes away is killed, and its manifest once
    // lacked 2.3 million positions). Best effort: the run's end writes it again.
    write_manifest(folder_, check_store(folder_));
  }
  if (archive_) {
    auto archived = archive_->append_game(game);
    if (!archived) return archived;
  }
  auto written = chunk_->append_game(records, game.white_result);
  if (!written) return Error{chunk_path_ + ": " + written.error()};
  totals_.games += 1;
  totals_.positions += records.size();
  if (game.white_result == WdlResult::Win) ++totals_.wins;
  if (game.white_result == WdlResult::Draw) ++totals_.draws;
  if (game.white_result == WdlResult::Loss) ++totals_.losses;
  return true;
}

// --- Checking and the manifest -------------------------------------------------------

StoreCheck check_store(const std::string& folder) {
  StoreCheck check;
  std::error_code ec;
  std::vector<std::pair<ChunkName, fs::path>> found;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (auto name = parse_chunk_file_name(entry.path().filename().string()))
      found.emplace_back(*name, entry.path());
  if (ec) {
    check.problems.push_back(folder + ": cannot list: " + ec.message());
    return check;
  }
  auto order = [](const ChunkName& a, const ChunkName& b) {
    return std::tie(a.generation, a.seed, a.index) < std::tie(b.generation, b.seed, b.index);
  };
  std::sort(found.begin(), found.end(),
            [&](const auto& a, const auto& b) { return order(a.first, b.first); });
  std::map<std::pair<int, uint64_t>, std::string> run_settings;
  std::map<std::pair<int, uint64_t>, int> run_next_index;
  for (const auto& [name, path] : found) {
    const std::string file = path.filename().string();
    const auto run = std::make_pair(name.generation, name.seed);
    int& next = run_next_index[run];
    if (name.index != next)
      check.problems.push_back(file + ": chunk " + std::to_string(next) + " of its run is missing");
    next = name.index + 1;
    auto header = read_data_header(path.string());
    if (!header) {
      check.problems.push_back(header.error());
      continue;
    }
    const uint64_t bytes = fs::file_size(path, ec);
    std::vector<std::string> faults = chunk_problems(path.string(), bytes, *header);
    const std::string settings = header->settings_text();
    if (settings.find("seed=" + std::to_string(name.seed)) == std::string::npos)
      faults.push_back("its settings name another seed than its file name ('" + settings + "')");
    auto [known, first] = run_settings.emplace(run, settings);
    if (!first && known->second != settings)
      faults.push_back("other settings than the run's first chunk ('" + settings + "')");
    uint64_t archive_bytes = 0;
    const std::string archive = archive_path_for(path.string());
    if (faults.empty() && fs::exists(archive, ec)) {
      auto matched = match_archive_to_chunk(archive, path.string());
      if (matched)
        archive_bytes = *matched;
      else
        faults.push_back("its archive: " + matched.error());
    }
    for (const std::string& fault : faults) check.problems.push_back(file + ": " + fault);
    if (!faults.empty()) continue;
    check.chunks.push_back({file, name, *header, bytes, archive_bytes});
    check.games += header->games;
    check.positions += header->positions;
  }
  return check;
}

Result<bool> write_manifest(const std::string& folder, const StoreCheck& check) {
  const fs::path final_path = fs::path(folder) / kManifestName;
  const fs::path temporary = fs::path(folder) / (std::string(kManifestName) + ".new");
  {
    std::ofstream out(temporary);
    out << "# Arbiter training data: one line per chunk, written by `arbiter datagen --check`.\n"
           "# file\tgeneration\tseed\tpositions\tgames\twhite_wins\tdraws\twhite_losses\tbytes"
           "\tarchive_bytes\tsettings\n";
    for (const StoreChunk& c : check.chunks)
      out << c.file << '\t' << c.name.generation << '\t' << c.name.seed << '\t'
          << c.header.positions << '\t' << c.header.games << '\t' << c.header.wins << '\t'
          << c.header.draws << '\t' << c.header.losses << '\t' << c.bytes << '\t' << c.archive_bytes
          << '\t' << c.header.settings_text() << '\n';
    if (!out.flush()) return Error{temporary.string() + ": cannot write"};
  }
  std::error_code ec;
  fs::rename(temporary, final_path, ec);
  if (ec) return Error{final_path.string() + ": cannot replace: " + ec.message()};
  return true;
}

}  // namespace arbiter::datagen
