// Reading and writing training-data files (format: packed_position.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/datagen/packed_position.h"

namespace arbiter::datagen {

// Reads a whole file's header; the error names the file and the problem
// (missing, not a data file, other version, truncated header).
Result<FileHeader> read_data_header(const std::string& path);

// Reads every record the header counts (records past that count, left by an
// interrupted write, are ignored). Appends to `out`.
Result<bool> read_data_file(const std::string& path, std::vector<PackedPosition>& out);

// Streams records in chunks, for files larger than memory.
class DataReader {
 public:
  static Result<DataReader> open(const std::string& path);
  DataReader(DataReader&& other) noexcept;
  DataReader& operator=(DataReader&& other) noexcept;
  ~DataReader();
  const FileHeader& header() const { return header_; }
  // Up to `max` further records; an empty vector at the end.
  std::vector<PackedPosition> next(size_t max);

 private:
  DataReader() = default;
  std::FILE* file_ = nullptr;
  FileHeader header_;
  uint64_t remaining_ = 0;
};

// Where whole games go: one data file (DataWriter) or the chunks of a store
// (StoreWriter, data_store.h).
struct GameRecord;  // game_record.h

class GameSink {
 public:
  virtual ~GameSink() = default;
  // Games, positions and results written so far (settings aside).
  virtual FileHeader totals() const = 0;
  // One played game: its kept records, its result from White's side, and (for
  // sinks that keep them) its moves and scores.
  virtual Result<bool> append_game(const GameRecord& game) = 0;
};

// Appends whole games to a data file. Opening an existing file checks that its
// settings match, truncates records past the header's count (an interrupted
// write) and continues from header().games.
class DataWriter final : public GameSink {
 public:
  static Result<DataWriter> open(const std::string& path, const std::string& settings);
  DataWriter(DataWriter&& other) noexcept;
  DataWriter& operator=(DataWriter&& other) noexcept;
  ~DataWriter() override;
  const FileHeader& header() const { return header_; }
  FileHeader totals() const override { return header_; }
  // Flushed, then the header is rewritten.
  Result<bool> append_game(const std::vector<PackedPosition>& records, WdlResult white_result);
  Result<bool> append_game(const GameRecord& game) override;

 private:
  DataWriter() = default;
  std::FILE* file_ = nullptr;
  FileHeader header_;
};

}  // namespace arbiter::datagen
