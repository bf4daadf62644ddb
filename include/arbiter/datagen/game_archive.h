// Self-play games kept as moves: the compact, exact form of training data that
// can be committed and moved between machines (a 16 MiB chunk of records is
// about 1.5 MB of archive before xz). Expanding an archive replays each game
// and gives back, byte for byte, the chunk its games were written to.
//
// File = "ARBGAMES" | u32 version | u32 settings length | the settings text (the
// data header's, data_file.h) | games, back to back, until the end of the file.
// A file only grows by whole games; a game cut short by an interrupted write is
// dropped when the file is opened for writing again.
//
// Game = tag u8 (0xA0 | White's result 0 loss, 1 draw, 2 win | adjudicated << 2)
//      | searched plies n (varint) | the start, a 32-byte PackedPosition
//      | n x (move u8: its index among the legal moves sorted by (from, to, kind,
//               promotion); score (varint, zigzag): this score plus the one
//               before it (0 before the first), small because the side to move
//               alternates).
// Varints are LEB128 (7 bits a byte, low first). The records are
// training_records(start, moves, scores, result) (game_record.h).
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "arbiter/core/result.h"
#include "arbiter/datagen/data_file.h"
#include "arbiter/datagen/game_record.h"

namespace arbiter::datagen {

inline constexpr std::array<char, 8> kArchiveMagic = {'A', 'R', 'B', 'G', 'A', 'M', 'E', 'S'};
inline constexpr uint32_t kArchiveVersion = 1;
inline constexpr const char* kArchiveExtension = ".games";
// No game of the Laws is longer (the 75-move rule ends every game far sooner).
inline constexpr uint64_t kMaxArchivedPlies = 20000;

// Appends one game's bytes to `out`; refused (nothing appended) unless every
// move is legal where it is played and there is one score per move.
Result<bool> encode_game(const GameRecord& game, std::string& out);

// Reads an archive held in memory, game by game.
class ArchiveReader {
 public:
  static Result<ArchiveReader> open(const std::string& path);
  static Result<ArchiveReader> from_bytes(std::string bytes, const std::string& name);
  const std::string& settings() const { return settings_; }
  // The next game, its records derived; nullopt at the end of the file; an
  // error naming the game and byte for a damaged or cut-short game.
  Result<std::optional<GameRecord>> next();
  // Bytes up to the end of the last game read, and games read.
  size_t offset() const { return offset_; }
  uint64_t games() const { return games_; }

 private:
  ArchiveReader() = default;
  std::string name_, bytes_, settings_;
  size_t offset_ = 0;
  uint64_t games_ = 0;
};

// Appends games to an archive, each flushed as it is written.
class ArchiveWriter {
 public:
  // Opens `path` for games made with `settings`, keeping its first `keep_games`
  // games and dropping whatever follows them; a missing file is created when
  // keep_games is 0. Refuses a file with other settings or fewer games.
  static Result<ArchiveWriter> open(const std::string& path, const std::string& settings,
                                    uint64_t keep_games);
  ArchiveWriter(ArchiveWriter&& other) noexcept;
  ArchiveWriter& operator=(ArchiveWriter&& other) noexcept;
  ~ArchiveWriter();
  Result<bool> append_game(const GameRecord& game);
  uint64_t games() const { return games_; }

 private:
  ArchiveWriter() = default;
  std::FILE* file_ = nullptr;
  std::string path_;
  uint64_t games_ = 0;
};

// Writes the data file an archive stands for (data_file.h: its settings, every
// game's records) to `out`, which must not exist yet. Returns its header; on a
// damaged archive, the error, and no file.
Result<FileHeader> expand_archive(const std::string& archive, const std::string& out);

// Checks that the first games of `archive`, as many as `chunk` holds, give
// exactly the chunk's records and results, with the same settings. Returns the
// bytes those games take from the start of the archive (an archive may hold a
// game more than its chunk while a run writes, or after one was killed).
Result<uint64_t> match_archive_to_chunk(const std::string& archive, const std::string& chunk);

// Writes to `out` the archive of `chunk` cut to the chunk's games, once
// match_archive_to_chunk accepts it: what is committed or moved for a chunk.
Result<uint64_t> export_chunk_archive(const std::string& chunk, const std::string& out);

// The archive beside a chunk: the same name with kArchiveExtension for ".bin".
std::string archive_path_for(const std::string& chunk_path);

}  // namespace arbiter::datagen
