// Self-play games kept as moves (see game_archive.h).
#include "arbiter/datagen/game_archive.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "arbiter/core/movegen.h"
#include "arbiter/search/score.h"

namespace arbiter::datagen {

namespace fs = std::filesystem;

namespace {

constexpr uint8_t kGameTag = 0xA0;
constexpr uint8_t kTagMask = 0xF8;
constexpr uint8_t kResultMask = 3;
constexpr uint8_t kAdjudicatedBit = 4;
constexpr int kVarintBits = 7;
constexpr uint8_t kVarintMore = 0x80;
constexpr uint8_t kVarintPayload = 0x7f;
// Every number an archive holds fits 21 bits: plies up to kMaxArchivedPlies, and
// a zigzagged sum of two scores within +/- search::kInfinite.
constexpr int kMaxVarintBytes = 3;
constexpr size_t kHeaderBytes = sizeof(kArchiveMagic) + 2 * sizeof(uint32_t);
constexpr uint32_t kMaxSettingsBytes = 4096;

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

void put_varint(std::string& out, uint64_t v) {
  while (v > kVarintPayload) {
    out.push_back(char(uint8_t(v & kVarintPayload) | kVarintMore));
    v >>= kVarintBits;
  }
  out.push_back(char(v));
}

uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }
int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }

// The order moves are numbered in: (from, to, kind, promotion), spelled out so
// that it does not depend on how core::Move packs its bits.
uint32_t canonical_key(core::Move m) {
  return uint32_t(core::index(m.from())) | uint32_t(core::index(m.to())) << 6 |
         uint32_t(m.kind()) << 12 |
         uint32_t(int(m.promotion()) - int(core::PieceType::Knight)) << 14;
}

// The legal moves of `pos` in canonical order.
core::MoveList sorted_legal_moves(const core::Position& pos) {
  core::MoveList moves;
  core::generate_legal(pos, moves);
  std::sort(moves.begin(), moves.end(),
            [](core::Move a, core::Move b) { return canonical_key(a) < canonical_key(b); });
  return moves;
}

std::string header_bytes(const std::string& settings) {
  std::string out(kArchiveMagic.begin(), kArchiveMagic.end());
  put_u32(out, kArchiveVersion);
  put_u32(out, uint32_t(settings.size()));
  return out + settings;
}

// Reading bytes at a position, failing (not throwing) at the end.
class Cursor {
 public:
  Cursor(const std::string& bytes, size_t at) : bytes_(bytes), at_(at) {}
  size_t at() const { return at_; }
  bool u8(uint8_t& v) {
    if (at_ >= bytes_.size()) return false;
    v = uint8_t(bytes_[at_++]);
    return true;
  }
  bool u32(uint32_t& v) {
    v = 0;
    for (int i = 0; i < 4; ++i) {
      uint8_t b;
      if (!u8(b)) return false;
      v |= uint32_t(b) << (8 * i);
    }
    return true;
  }
  // False at the end of the bytes, for a number longer than kMaxVarintBytes, and
  // for one spelt longer than it need be (so that an archive has one spelling).
  bool varint(uint64_t& v) {
    v = 0;
    for (int i = 0; i < kMaxVarintBytes; ++i) {
      uint8_t b;
      if (!u8(b)) return false;
      v |= uint64_t(b & kVarintPayload) << (kVarintBits * i);
      if (!(b & kVarintMore)) return i == 0 || b != 0;
    }
    return false;
  }
  bool bytes(void* out, size_t n) {
    if (bytes_.size() - at_ < n) return false;
    std::memcpy(out, bytes_.data() + at_, n);
    at_ += n;
    return true;
  }

 private:
  const std::string& bytes_;
  size_t at_;
};

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string archive_path_for(const std::string& chunk_path) {
  fs::path p(chunk_path);
  p.replace_extension(kArchiveExtension);
  return p.string();
}

Result<bool> encode_game(const GameRecord& game, std::string& out) {
  if (game.scores.size() != game.moves.size())
    return Error{"a game needs one score per move (" + std::to_string(game.moves.size()) +
                 " moves, " + std::to_string(game.scores.size()) + " scores)"};
  const size_t begin = out.size();
  out.push_back(
      char(kGameTag | uint8_t(game.white_result) | (game.adjudicated ? kAdjudicatedBit : 0)));
  put_varint(out, game.moves.size());
  const PackedPosition start = PackedPosition::pack(game.start, 0, WdlResult::Draw);
  out.append(reinterpret_cast<const char*>(&start), sizeof start);
  core::Position pos = game.start;
  int previous = 0;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    const core::MoveList moves = sorted_legal_moves(pos);
    const auto found = std::find(moves.begin(), moves.end(), game.moves[i]);
    if (found == moves.end()) {
      out.resize(begin);
      return Error{"move " + std::to_string(i) + " of the game is not legal where it is played"};
    }
    out.push_back(char(found - moves.begin()));
    put_varint(out, zigzag(int64_t(game.scores[i]) + previous));
    previous = game.scores[i];
    core::UndoInfo undo;
    pos.make_move(game.moves[i], undo);
  }
  return true;
}

// --- ArchiveReader ----------------------------------------------------------------

Result<ArchiveReader> ArchiveReader::open(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open: " + errno_text()};
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{path + ": cannot read: " + errno_text()};
  return from_bytes(std::move(bytes), path);
}

Result<ArchiveReader> ArchiveReader::from_bytes(std::string bytes, const std::string& name) {
  ArchiveReader r;
  r.name_ = name;
  r.bytes_ = std::move(bytes);
  Cursor c(r.bytes_, 0);
  std::array<char, kArchiveMagic.size()> magic{};
  uint32_t version = 0, settings_size = 0;
  if (!c.bytes(magic.data(), magic.size()) || magic != kArchiveMagic)
    return Error{name + ": not a game archive (no ARBGAMES header)"};
  if (!c.u32(version) || !c.u32(settings_size)) return Error{name + ": the header is cut short"};
  if (version != kArchiveVersion)
    return Error{name + ": archive version " + std::to_string(version) + ", this build reads " +
                 std::to_string(kArchiveVersion)};
  if (settings_size > kMaxSettingsBytes || r.bytes_.size() - c.at() < settings_size)
    return Error{name + ": the header's settings are cut short"};
  r.settings_ = r.bytes_.substr(c.at(), settings_size);
  r.offset_ = kHeaderBytes + settings_size;
  return r;
}

Result<std::optional<GameRecord>> ArchiveReader::next() {
  if (offset_ == bytes_.size()) return std::optional<GameRecord>();
  const std::string where =
      name_ + ": game " + std::to_string(games_) + " at byte " + std::to_string(offset_) + ": ";
  Cursor c(bytes_, offset_);
  uint8_t tag = 0;
  uint64_t plies = 0;
  PackedPosition start;
  if (!c.u8(tag) || !c.varint(plies) || !c.bytes(&start, sizeof start))
    return Error{where + "cut short or malformed"};
  if ((tag & kTagMask) != kGameTag || (tag & kResultMask) > uint8_t(WdlResult::Win))
    return Error{where + "not the start of a game"};
  if (plies > kMaxArchivedPlies) return Error{where + std::to_string(plies) + " plies"};
  auto start_position = start.unpack();
  if (!start_position) return Error{where + "its start is not a position"};
  const PackedPosition canonical = PackedPosition::pack(*start_position, 0, WdlResult::Draw);
  if (std::memcmp(&canonical, &start, sizeof start) != 0)
    return Error{where + "its start is not packed as a writer packs it"};
  GameRecord game;
  game.start = *start_position;
  game.white_result = WdlResult(tag & kResultMask);
  game.adjudicated = tag & kAdjudicatedBit;
  core::Position pos = game.start;
  int previous = 0;
  for (uint64_t i = 0; i < plies; ++i) {
    uint8_t index = 0;
    uint64_t coded = 0;
    if (!c.u8(index) || !c.varint(coded)) return Error{where + "cut short or malformed"};
    const core::MoveList moves = sorted_legal_moves(pos);
    if (index >= moves.size())
      return Error{where + "ply " + std::to_string(i) + " names move " + std::to_string(index) +
                   " of " + std::to_string(moves.size())};
    const int64_t score = unzigzag(coded) - previous;
    if (score < -search::kInfinite || score > search::kInfinite)
      return Error{where + "ply " + std::to_string(i) + " has score " + std::to_string(score)};
    game.moves.push_back(moves[index]);
    game.scores.push_back(int(score));
    previous = int(score);
    core::UndoInfo undo;
    pos.make_move(moves[index], undo);
  }
  game.records = training_records(game.start, game.moves, game.scores, game.white_result);
  offset_ = c.at();
  ++games_;
  return std::optional<GameRecord>(std::move(game));
}

// --- ArchiveWriter ----------------------------------------------------------------

ArchiveWriter::ArchiveWriter(ArchiveWriter&& o) noexcept
    : file_(std::exchange(o.file_, nullptr)), path_(std::move(o.path_)), games_(o.games_) {}

ArchiveWriter& ArchiveWriter::operator=(ArchiveWriter&& o) noexcept {
  if (this != &o) {
    if (file_) std::fclose(file_);
    file_ = std::exchange(o.file_, nullptr);
    path_ = std::move(o.path_);
    games_ = o.games_;
  }
  return *this;
}

ArchiveWriter::~ArchiveWriter() {
  if (file_) std::fclose(file_);
}

Result<ArchiveWriter> ArchiveWriter::open(const std::string& path, const std::string& settings,
                                          uint64_t keep_games) {
  ArchiveWriter w;
  w.path_ = path;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    if (keep_games > 0)
      return Error{path + ": missing, where its chunk holds " + std::to_string(keep_games) +
                   " games"};
    w.file_ = std::fopen(path.c_str(), "wb");
    const std::string header = header_bytes(settings);
    if (!w.file_ || std::fwrite(header.data(), 1, header.size(), w.file_) != header.size() ||
        std::fflush(w.file_) != 0)
      return Error{path + ": cannot create: " + errno_text()};
    return w;
  }
  auto reader = ArchiveReader::open(path);
  if (!reader) return Error{reader.error()};
  if (reader->settings() != settings)
    return Error{path + ": made with other settings ('" + reader->settings() + "')"};
  while (reader->games() < keep_games) {
    auto game = reader.value().next();
    if (!game) return Error{game.error()};
    if (!game.value())
      return Error{path + ": holds " + std::to_string(reader->games()) + " of the " +
                   std::to_string(keep_games) + " games its chunk has"};
  }
  // Whatever follows the kept games (a game cut short, games its chunk lost) goes.
  fs::resize_file(path, reader->offset(), ec);
  if (ec) return Error{path + ": cannot truncate: " + ec.message()};
  w.file_ = std::fopen(path.c_str(), "ab");
  if (!w.file_) return Error{path + ": cannot open for writing: " + errno_text()};
  w.games_ = keep_games;
  return w;
}

Result<bool> ArchiveWriter::append_game(const GameRecord& game) {
  std::string bytes;
  auto encoded = encode_game(game, bytes);
  if (!encoded) return Error{path_ + ": " + encoded.error()};
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() || std::fflush(file_) != 0)
    return Error{path_ + ": cannot write a game: " + errno_text()};
  ++games_;
  return true;
}

// --- Expanding --------------------------------------------------------------------

Result<FileHeader> expand_archive(const std::string& archive, const std::string& out) {
  std::error_code ec;
  if (fs::exists(out, ec)) return Error{out + ": exists already (expanding never appends)"};
  auto reader = ArchiveReader::open(archive);
  if (!reader) return Error{reader.error()};
  std::optional<FileHeader> header;
  std::string error;
  {
    auto writer = DataWriter::open(out, reader->settings());
    if (!writer) return Error{writer.error()};
    for (;;) {
      auto game = reader.value().next();
      if (!game) {
        error = game.error();
        break;
      }
      if (!game.value()) {
        header = writer->header();
        break;
      }
      auto written = writer.value().append_game(*game.value());
      if (!written) {
        error = out + ": " + written.error();
        break;
      }
    }
  }
  if (header) return *header;
  fs::remove(out, ec);  // no half of a data file is left behind
  return Error{error};
}

Result<uint64_t> match_archive_to_chunk(const std::string& archive, const std::string& chunk) {
  auto reader = ArchiveReader::open(archive);
  if (!reader) return Error{reader.error()};
  auto records = DataReader::open(chunk);
  if (!records) return Error{records.error()};
  const FileHeader& header = records->header();
  if (reader->settings() != header.settings_text())
    return Error{archive + ": other settings than its chunk ('" + reader->settings() + "')"};
  FileHeader counted;
  while (counted.games < header.games) {
    auto game = reader.value().next();
    if (!game) return Error{game.error()};
    if (!game.value())
      return Error{archive + ": holds " + std::to_string(counted.games) + " of its chunk's " +
                   std::to_string(header.games) + " games"};
    const std::vector<PackedPosition>& expected = game.value()->records;
    const std::vector<PackedPosition> stored = records.value().next(expected.size());
    if (stored.size() != expected.size() ||
        std::memcmp(stored.data(), expected.data(), expected.size() * sizeof(PackedPosition)))
      return Error{archive + ": game " + std::to_string(counted.games) +
                   " does not give its chunk's records from record " +
                   std::to_string(counted.positions)};
    ++counted.games;
    counted.positions += expected.size();
    const WdlResult result = game.value()->white_result;
    counted.wins += result == WdlResult::Win;
    counted.draws += result == WdlResult::Draw;
    counted.losses += result == WdlResult::Loss;
  }
  if (counted.positions != header.positions || counted.wins != header.wins ||
      counted.draws != header.draws || counted.losses != header.losses)
    return Error{archive + ": its games' positions and results differ from its chunk's header"};
  return uint64_t(reader->offset());
}

Result<uint64_t> export_chunk_archive(const std::string& chunk, const std::string& out) {
  const std::string archive = archive_path_for(chunk);
  auto bytes = match_archive_to_chunk(archive, chunk);
  if (!bytes) return bytes;
  std::ifstream in(archive, std::ios::binary);
  std::string kept(*bytes, '\0');
  if (!in.read(kept.data(), std::streamsize(kept.size())))
    return Error{archive + ": cannot read: " + errno_text()};
  std::ofstream to(out, std::ios::binary | std::ios::trunc);
  if (!to.write(kept.data(), std::streamsize(kept.size())) || !to.flush())
    return Error{out + ": cannot write: " + errno_text()};
  return bytes;
}

}  // namespace arbiter::datagen
