// Training-data files: a 256-byte header, then 32-byte records (packed_position.h).
// Little-endian hosts only (x86-64 and AArch64): records are read and written as
// their in-memory bytes.
#include "arbiter/datagen/data_file.h"

#include <bit>
#include <cstring>
#include <filesystem>
#include <utility>

#include "arbiter/datagen/game_record.h"

namespace arbiter::datagen {

static_assert(std::endian::native == std::endian::little, "the data format is little-endian");

namespace {

Error file_error(const std::string& path, const std::string& what) {
  return Error{path + ": " + what};
}

Result<FileHeader> read_header_from(std::FILE* f, const std::string& path) {
  FileHeader h;
  if (std::fread(&h, sizeof h, 1, f) != 1) return file_error(path, "too short for a data header");
  if (h.magic != kDataMagic) return file_error(path, "not an Arbiter training-data file");
  if (h.version != kDataVersion)
    return file_error(path, "data format version " + std::to_string(h.version) +
                                " (this build reads " + std::to_string(kDataVersion) + ")");
  if (h.record_size != sizeof(PackedPosition))
    return file_error(path, "record size " + std::to_string(h.record_size));
  return h;
}

bool write_header(std::FILE* f, const FileHeader& h) {
  return std::fseek(f, 0, SEEK_SET) == 0 && std::fwrite(&h, sizeof h, 1, f) == 1 &&
         std::fflush(f) == 0;
}

}  // namespace

Result<FileHeader> read_data_header(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return file_error(path, "cannot open: " + std::string(std::strerror(errno)));
  auto h = read_header_from(f, path);
  std::fclose(f);
  return h;
}

Result<bool> read_data_file(const std::string& path, std::vector<PackedPosition>& out) {
  auto reader = DataReader::open(path);
  if (!reader) return Error{reader.error()};
  const uint64_t count = reader->header().positions;
  const size_t first = out.size();
  out.resize(first + count);
  std::vector<PackedPosition> chunk;
  size_t at = first;
  while (!(chunk = reader.value().next(1 << 20)).empty()) {
    std::memcpy(out.data() + at, chunk.data(), chunk.size() * sizeof(PackedPosition));
    at += chunk.size();
  }
  if (at != first + count) {
    out.resize(at);
    return file_error(path, "truncated: the header counts " + std::to_string(count) +
                                " records, the file holds " + std::to_string(at - first));
  }
  return true;
}

// --- DataReader ------------------------------------------------------------------

Result<DataReader> DataReader::open(const std::string& path) {
  DataReader r;
  r.file_ = std::fopen(path.c_str(), "rb");
  if (!r.file_) return file_error(path, "cannot open: " + std::string(std::strerror(errno)));
  auto h = read_header_from(r.file_, path);
  if (!h) return Error{h.error()};
  r.header_ = *h;
  r.remaining_ = h->positions;
  return r;
}

DataReader::DataReader(DataReader&& o) noexcept
    : file_(std::exchange(o.file_, nullptr)), header_(o.header_), remaining_(o.remaining_) {}

DataReader& DataReader::operator=(DataReader&& o) noexcept {
  std::swap(file_, o.file_);
  header_ = o.header_;
  remaining_ = o.remaining_;
  return *this;
}

DataReader::~DataReader() {
  if (file_) std::fclose(file_);
}

std::vector<PackedPosition> DataReader::next(size_t max) {
  std::vector<PackedPosition> records(std::min<uint64_t>(max, remaining_));
  if (records.empty() || !file_) return {};
  size_t got = std::fread(records.data(), sizeof(PackedPosition), records.size(), file_);
  records.resize(got);
  remaining_ = got < records.size() ? 0 : remaining_ - got;
  return records;
}

// --- DataWriter ------------------------------------------------------------------

Result<DataWriter> DataWriter::open(const std::string& path, const std::string& settings) {
  DataWriter w;
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && std::filesystem::file_size(path, ec) > 0) {
    w.file_ = std::fopen(path.c_str(), "r+b");
    if (!w.file_) return file_error(path, "cannot open: " + std::string(std::strerror(errno)));
    auto h = read_header_from(w.file_, path);
    if (!h) return Error{h.error()};
    FileHeader wanted;
    wanted.set_settings_text(settings);
    if (h->settings_text() != wanted.settings_text())
      return file_error(
          path, "made with other settings ('" + h->settings_text() + "'); use another output file");
    w.header_ = *h;
    // Drop whatever an interrupted run wrote after the last complete game.
    const uintmax_t size = kFileHeaderSize + h->positions * sizeof(PackedPosition);
    std::fflush(w.file_);
    std::filesystem::resize_file(path, size, ec);
    if (ec) return file_error(path, "cannot truncate: " + ec.message());
    if (std::fseek(w.file_, long(size), SEEK_SET) != 0) return file_error(path, "cannot seek");
    return w;
  }
  w.file_ = std::fopen(path.c_str(), "w+b");
  if (!w.file_) return file_error(path, "cannot create: " + std::string(std::strerror(errno)));
  w.header_.set_settings_text(settings);
  if (!write_header(w.file_, w.header_)) return file_error(path, "cannot write the header");
  return w;
}

DataWriter::DataWriter(DataWriter&& o) noexcept
    : file_(std::exchange(o.file_, nullptr)), header_(o.header_) {}

DataWriter& DataWriter::operator=(DataWriter&& o) noexcept {
  std::swap(file_, o.file_);
  header_ = o.header_;
  return *this;
}

DataWriter::~DataWriter() {
  if (file_) std::fclose(file_);
}

Result<bool> DataWriter::append_game(const std::vector<PackedPosition>& records,
                                     WdlResult white_result) {
  const long end = long(kFileHeaderSize + header_.positions * sizeof(PackedPosition));
  if (std::fseek(file_, end, SEEK_SET) != 0 ||
      std::fwrite(records.data(), sizeof(PackedPosition), records.size(), file_) !=
          records.size() ||
      std::fflush(file_) != 0)
    return Error{"cannot write records: " + std::string(std::strerror(errno))};
  header_.games += 1;
  header_.positions += records.size();
  if (white_result == WdlResult::Win) ++header_.wins;
  if (white_result == WdlResult::Draw) ++header_.draws;
  if (white_result == WdlResult::Loss) ++header_.losses;
  if (!write_header(file_, header_))
    return Error{"cannot rewrite the header: " + std::string(std::strerror(errno))};
  return true;
}

Result<bool> DataWriter::append_game(const GameRecord& game) {
  return append_game(game.records, game.white_result);
}

}  // namespace arbiter::datagen
