// Transposition table storage, probing and replacement.
#include "arbiter/search/tt.h"

#include <algorithm>
#include <cstring>

#include "platform/memory.h"

namespace arbiter::search {

namespace {
constexpr size_t kBytesPerMegabyte = size_t(1) << 20;
constexpr int kHashfullSample = 1000;
constexpr int kAgePenalty = 8;  // depth plies an entry loses in worth per search since written
// Tables of at least one huge page are aligned to it, and offered to huge pages.
constexpr size_t kHugePageBytes = platform::kHugePageBytes;
}  // namespace

void TranspositionTable::FreeClusters::operator()(Cluster* clusters) const {
  platform::free_aligned(clusters);
}

TranspositionTable::ClusterArray TranspositionTable::allocate_clusters(size_t count) {
  const size_t bytes = count * sizeof(Cluster);
  const size_t alignment = bytes >= kHugePageBytes ? kHugePageBytes : alignof(Cluster);
  const size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void* memory = platform::allocate_aligned(rounded, alignment);
  if (!memory) return nullptr;
  return ClusterArray(static_cast<Cluster*>(memory));  // trivial type: clear() writes it
}

bool TranspositionTable::resize(size_t megabytes) {
  size_t count = std::max<size_t>(1, megabytes * kBytesPerMegabyte / sizeof(Cluster));
  // GUIs and match runners send Hash before every game: the same size keeps the
  // memory (a new table each time left the heap holding up to three, 75 MB for a
  // 16 MB table over 500 games under fastchess). Either way the table is empty after.
  if (table_ && count == cluster_count_) {
    megabytes_ = megabytes;
    clear();
    return true;
  }
  ClusterArray fresh = allocate_clusters(count);
  if (!fresh) return false;
  table_ = std::move(fresh);
  cluster_count_ = count;
  megabytes_ = megabytes;
  clear();
  return true;
}

void TranspositionTable::clear() {
  if (table_) std::memset(static_cast<void*>(table_.get()), 0, cluster_count_ * sizeof(Cluster));
  generation_ = 0;
}

bool TranspositionTable::probe(core::Key key, TTData& out) const {
  if (!table_) return false;
  const uint16_t key16 = uint16_t(key);
  for (const Entry& e : cluster_for(key)->entries) {
    if (e.key16 != key16 || e.depth == 0) continue;
    out.move = core::Move::from_bits(e.move);
    out.score = e.score;
    out.eval = e.eval;
    out.depth = int(e.depth) - kDepthOffset;
    out.bound = Bound(e.gen_bound & kBoundMask);
    out.pv = e.gen_bound & kPvFlag;
    return true;
  }
  return false;
}

void TranspositionTable::store(core::Key key, core::Move move, int score, int eval, int depth,
                               Bound bound, bool pv) {
  if (!table_) return;
  const uint16_t key16 = uint16_t(key);
  Entry* entries = cluster_for(key)->entries;
  Entry* victim = &entries[0];
  for (int i = 0; i < kClusterSize; ++i) {
    Entry& e = entries[i];
    if (e.depth == 0 || e.key16 == key16) {
      victim = &e;
      break;
    }
    // Worth = depth, minus a penalty per search since it was written.
    if (int(e.depth) - kAgePenalty * age(e) < int(victim->depth) - kAgePenalty * age(*victim))
      victim = &e;
  }
  // Keep the old move when the new result has none for the same position.
  if (!move && victim->key16 == key16) move = core::Move::from_bits(victim->move);
  // Do not let a shallow non-exact result overwrite a deeper one of this search.
  if (victim->key16 == key16 && bound != Bound::Exact && victim->depth != 0 &&
      depth + kDepthOffset + 4 < int(victim->depth) && age(*victim) == 0)
    return;
  victim->key16 = key16;
  victim->move = move.bits();
  victim->score = int16_t(score);
  victim->eval = int16_t(eval);
  victim->depth = uint8_t(std::clamp(depth + kDepthOffset, 1, 255));
  victim->gen_bound = uint8_t(generation_ | (pv ? kPvFlag : 0) | uint8_t(bound));
}

int TranspositionTable::hashfull() const {
  if (!table_) return 0;
  int used = 0;
  size_t sample = std::min<size_t>(kHashfullSample, cluster_count_);
  for (size_t i = 0; i < sample; ++i)
    for (const Entry& e : table_[i].entries)
      used += e.depth != 0 && (e.gen_bound & kGenerationMask) == generation_;
  return int(used * 1000 / (sample * kClusterSize));
}

}  // namespace arbiter::search
