// A store of training data: one folder of chunk files and a manifest.
//
// Each chunk is a complete data file (data_file.h: its own header, whole games
// only) of at most kMaxChunkBytes, so that data moves between machines in
// pieces and a lost or damaged piece costs only its own games. A chunk is named
// by the generation of the data (as in scripts/train-net: generation g is played
// by net g, generation 0 by the hand-written evaluation), the seed, and its
// number in that run: gen4-seed101-0003.bin. The games of one
// (generation, seed) run are numbered across its chunks, so a seed gives the
// same records however they are cut into chunks and however often the run was
// interrupted.
//
// The manifest (a text file named `manifest` in the folder) has one line per
// chunk: the file, its generation, seed, positions, games, White's wins, draws
// and losses, its size in bytes, the bytes of its archive (0: none) and the settings its header
// records (the binary's version, the net that played by name and content hash, the node budget, the
// seed). check_store verifies every chunk against its name and contents and writes the manifest
// from what it read; a StoreWriter writes it again each time a chunk is complete.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/datagen/data_file.h"
#include "arbiter/datagen/game_archive.h"
#include "arbiter/datagen/self_play.h"

namespace arbiter::datagen {

// 16 MiB: what the largest transfer between machines takes in one piece.
inline constexpr uint64_t kMaxChunkBytes = uint64_t(16) << 20;
inline constexpr const char* kManifestName = "manifest";

struct ChunkName {
  int generation = 0;
  uint64_t seed = 0;
  int index = 0;
  bool operator==(const ChunkName&) const = default;
};

// gen<generation>-seed<seed>-<index, four digits or more>.bin
std::string chunk_file_name(const ChunkName& name);
// The name a chunk file has, or nothing for any other file name.
std::optional<ChunkName> parse_chunk_file_name(std::string_view file_name);

// The run of one (generation, seed) in a store: appends whole games to its last
// chunk, and starts the next chunk when a game would take the last past the size
// limit. Opening resumes the run where its chunks end (checked against the
// settings, like DataWriter). Beside each chunk goes its games' archive
// (gen4-seed101-0003.games, game_archive.h), from which the chunk can be made
// again: the form in which data is committed and moved. A chunk begun by a
// build that kept no archive goes on without one.
class StoreWriter final : public GameSink {
 public:
  static Result<StoreWriter> open(const std::string& folder, int generation,
                                  const std::string& settings, uint64_t seed,
                                  uint64_t max_chunk_bytes = kMaxChunkBytes);

  FileHeader totals() const override { return totals_; }
  // The archive first (game_archive.h), then the chunk: an archive never holds
  // fewer games than its chunk, so a resumed run can always cut it to match.
  Result<bool> append_game(const GameRecord& game) override;
  // The chunk the next game goes to.
  const std::string& chunk_path() const { return chunk_path_; }

 private:
  StoreWriter(std::string folder, ChunkName name, std::string settings, uint64_t max_chunk_bytes)
      : folder_(std::move(folder)),
        name_(name),
        settings_(std::move(settings)),
        max_chunk_bytes_(max_chunk_bytes) {}
  Result<bool> open_chunk();

  std::string folder_;
  ChunkName name_;  // of the current chunk
  std::string settings_;
  uint64_t max_chunk_bytes_;
  std::string chunk_path_;
  std::optional<DataWriter> chunk_;
  std::optional<ArchiveWriter> archive_;  // none for a chunk begun without one
  FileHeader totals_;                     // counts over every chunk of the run
};

struct StoreChunk {
  std::string file;  // name within the folder
  ChunkName name;
  FileHeader header;
  uint64_t bytes = 0;
  uint64_t archive_bytes = 0;  // of its archive's games that match it; 0: no archive
};

struct StoreCheck {
  std::vector<StoreChunk> chunks;     // the chunks that passed, by name
  std::vector<std::string> problems;  // one line per fault found ("file: what")
  uint64_t games = 0, positions = 0;  // over the chunks that passed
  bool ok() const { return problems.empty(); }
};

// Reads every chunk of `folder` whole: the header, a size that is exactly the
// header's records and no more than kMaxChunkBytes, every record a legal
// position with a result, White's results adding up to the games, one settings
// text per run and no chunk missing from a run's numbering, and the chunk's
// archive, where it has one, giving exactly its records. Other files are
// ignored.
StoreCheck check_store(const std::string& folder);

// Writes `folder`/manifest from a check (through a temporary file and a rename,
// so that a reader never sees half of it).
Result<bool> write_manifest(const std::string& folder, const StoreCheck& check);

}  // namespace arbiter::datagen
