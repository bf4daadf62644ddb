// Transposition table shared by all search threads (Lazy SMP). Clusters of
// three entries fill half a cache line; replacement prefers the shallowest and
// oldest entry. Concurrent access is deliberately unsynchronised, as in every
// Lazy SMP engine: a torn entry can only yield a move that the move picker
// validates against the legal moves and a score the search treats as a hint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "arbiter/core/move.h"
#include "arbiter/core/zobrist.h"

namespace arbiter::search {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTData {
  core::Move move;
  int score = 0;  // node-relative mate scores (see score.h)
  int eval = 0;
  int depth = 0;
  Bound bound = Bound::None;
  bool pv = false;  // written by a PV node, or below one that was (the "TT-PV" flag)
};

class TranspositionTable {
 public:
  static constexpr size_t kDefaultMegabytes = 16;

  // Allocates (and clears) a table of `megabytes`; false if memory is refused,
  // in which case the previous table stays. The same size again only clears.
  bool resize(size_t megabytes);
  size_t megabytes() const { return megabytes_; }
  void clear();
  // Called at the start of every search: older entries become preferred victims.
  void new_search() { generation_ = uint8_t((generation_ + kGenerationStep) & kGenerationMask); }

  bool probe(core::Key key, TTData& out) const;
  void store(core::Key key, core::Move move, int score, int eval, int depth, Bound bound,
             bool pv = false);
  void prefetch(core::Key key) const { __builtin_prefetch(cluster_for(key)); }
  // Permille of sampled entries written during the current search.
  int hashfull() const;

 private:
  struct Entry {
    uint16_t key16;
    uint16_t move;
    int16_t score;
    int16_t eval;
    uint8_t depth;      // depth + kDepthOffset, 0 = empty
    uint8_t gen_bound;  // generation (upper 5 bits) | pv (bit 2) | bound (lower 2)
  };
  static constexpr int kClusterSize = 3;
  struct alignas(32) Cluster {
    Entry entries[kClusterSize];
    char padding[2];
  };
  static_assert(sizeof(Cluster) == 32);
  static_assert(std::is_trivially_copyable_v<Cluster>, "clusters live in raw memory");
  static constexpr uint8_t kGenerationStep = 8;
  static constexpr uint8_t kGenerationMask = 0xF8;
  static constexpr uint8_t kPvFlag = 4;
  static constexpr uint8_t kBoundMask = 3;
  static constexpr int kDepthOffset = 8;  // quiescence stores negative depths

  Cluster* cluster_for(core::Key key) const {
    return &table_[size_t((static_cast<unsigned __int128>(key) * cluster_count_) >> 64)];
  }
  // Searches since the entry was written. The bound and pv bits are masked off
  // first: subtracting them would borrow into the generation bits.
  int age(const Entry& e) const {
    return uint8_t(generation_ - (e.gen_bound & kGenerationMask)) / kGenerationStep;
  }

  struct FreeClusters {
    void operator()(Cluster* clusters) const;
  };
  using ClusterArray = std::unique_ptr<Cluster[], FreeClusters>;
  static ClusterArray allocate_clusters(size_t count);

  ClusterArray table_;
  size_t cluster_count_ = 0;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace arbiter::search
