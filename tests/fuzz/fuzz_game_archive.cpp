// Game archives come from other machines and from the repository: anything may
// come in. A game the reader accepts is made of legal moves, gives its records,
// and encodes back to exactly the bytes it was read from.
#include <string>

#include "arbiter/datagen/game_archive.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto reader = datagen::ArchiveReader::from_bytes(bytes, "fuzz.games");
  if (!reader) {
    fuzz::require(!reader.error().empty(), "a rejected header says why");
    return 0;
  }
  for (;;) {
    const size_t begin = reader->offset();
    auto game = reader.value().next();
    if (!game) {
      fuzz::require(!game.error().empty(), "a rejected game says why");
      return 0;
    }
    if (!game.value()) return 0;
    fuzz::require(game.value()->records.size() <= game.value()->moves.size(),
                  "at most one record a searched ply");
    std::string again;
    fuzz::require(datagen::encode_game(*game.value(), again).ok(), "an accepted game encodes");
    fuzz::require(again == bytes.substr(begin, reader->offset() - begin),
                  "an accepted game encodes to the bytes it was read from");
  }
}
