// Bench positions: opening and middlegame positions from the UHO suite, the
// classic perft positions, endgames, tactics and Chess960 positions.
#include "arbiter/uci/bench.h"

#include <chrono>
#include <iterator>
#include <string_view>

#include "arbiter/core/fen.h"
#include "arbiter/search/threads.h"

namespace arbiter::uci {

namespace {

constexpr BenchFen kPositions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    {"r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ d6 0 1"},
    {"r2qkb1r/1pp2pp1/p1np1n1p/4p3/P1B1P3/2PP1b1P/1P3PP1/RNBQ1RK1 w kq - 0 1"},
    {"r1b1kb1r/1pq1nppp/p1npp3/8/3NP3/3BB3/PPPN1PPP/R2Q1RK1 w kq - 0 1"},
    {"rn1qk2r/pp2ppb1/2p3pn/3pP2p/3P1Pb1/2NB1N2/PPP3PP/R1BQ1RK1 w kq - 0 1"},
    {"r1bqkb1r/ppp2pp1/2n1p2p/4P3/8/2PB1N2/P1P2PPP/R1BQK2R w KQkq - 0 1"},
    {"r1bqk2r/pppp1ppp/1b1P1nn1/4p3/4P3/2P1BP2/PP1N2PP/R2QKBNR w KQkq - 0 1"},
    {"r1bqk2r/p1pn1pb1/1p1p1np1/4p2p/2PPP2P/2N1BP2/PP1Q2P1/R3KBNR w KQkq e6 0 1"},
    {"r2qk2r/pbp1bppp/2pp1n2/8/4P3/2NB4/PPP2PPP/R1BQ1RK1 w kq - 0 1"},
    {"r1bqk1nr/1p2ppb1/p1np2p1/2p5/4PPPp/2NP3P/PPP3B1/R1BQK1NR w KQkq - 0 1"},
    {"r1b1k1nr/ppqppp1p/2n3p1/8/4P3/2PB1N2/P1PB1PPP/R2QK2R w KQkq - 0 1"},
    {"rn1q1rk1/pbp1p1bp/1p1p1np1/5p2/2PP4/1QN2NP1/PP2PPBP/R1B2RK1 w - - 0 1"},
    {"rnbq1rk1/ppn1ppbp/2p3p1/8/2PP4/2N1BN2/PP2BPPP/R2QK2R w KQ - 0 1"},
    {"r1bq1rk1/ppp1ppbp/1n3np1/4N3/2BP4/2N5/PPP2PPP/R1BQ1RK1 w - - 0 1"},
    {"rnb1kb1r/pp3ppp/1q1p4/2pp2P1/4P3/2Q5/PPP2PP1/RN2KBNR w KQkq - 0 1"},
    {"r2qkb1r/p1p2ppp/2p2n2/4p3/4P3/5b2/PPP1QPPP/RNB2RK1 w kq - 0 1"},
    {"r1bqk2r/1p2bppp/p3pn2/2pp2B1/1nPP4/2N1PN2/PP2BPPP/R2QK2R w KQkq c6 0 1"},
    {"rn2kbnr/pp3pp1/4p1p1/q1ppP3/3P4/2P5/PP1N1PPP/R1BQKB1R w KQkq - 0 1"},
    {"r1bq1rk1/1pp3pp/2nbpn2/p2p1p2/2PP4/1P4PN/PB2PPBP/RN1Q1RK1 w - a6 0 1"},
    {"rn1qk1nr/pp2bppp/2p1p1b1/8/3P4/5NNP/PPP1BPP1/R1BQK2R w KQkq - 0 1"},
    {"r1b1k2r/1p1nppbp/pqpp1np1/8/3PP3/2N2N1P/PPP1BPP1/1RBQ1RK1 w kq - 0 1"},
    {"rnbqk2r/ppp3bp/3p1pp1/4p3/2PPPBn1/2N2N2/PP2BPPP/R2QK2R w KQkq - 0 1"},
    {"rn1qk2r/pbp1npb1/1p1p2p1/4p2p/2P1P3/2NP1NP1/PP3PBP/R1BQ1RK1 w kq - 0 1"},
    {"r3kb1r/pppq1pp1/2n1pn1p/3p1b2/2P5/P2P1NPP/1P1NPPB1/R1BQK2R w KQkq - 0 1"},
    {"r1b1kb1r/1pq1pp1p/2pp1np1/p7/Pn1PP3/4BP2/1PPQ2PP/R2NKBNR w KQkq - 0 1"},
    {"r1bq1rk1/ppp1npbp/3p1np1/3Pp3/4P3/2N1BP2/PPPQB1PP/R3K1NR w KQ - 0 1"},
    {"r1bqkb1r/p2n1ppp/1pn1p3/3pP3/1P1p4/P1P2N2/3N1PPP/R1BQKB1R w KQkq - 0 1"},
    {"r1bqk2r/ppp1ppbp/5np1/6B1/2PPp3/4P3/PP1QNPPP/R3KB1R w KQkq - 0 1"},
    {"r1bqk2r/pp2bpp1/2np4/2p1p2p/2P3n1/2NP1NP1/PP1BPPBP/R2QK2R w KQkq h6 0 1"},
    // Endgames.
    {"8/8/8/4k3/8/8/3KP3/8 w - - 0 1"},
    {"8/5k2/8/3R4/8/8/2r5/4K3 w - - 0 1"},
    {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"},
    {"8/8/1p2k3/p1p5/P1P5/1P2K3/8/8 w - - 0 1"},
    {"4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1"},
    {"8/8/4kpp1/3p4/p6P/2B4K/6P1/8 w - - 0 1"},
    {"2r3k1/5pp1/7p/8/8/1Q6/5PPP/6K1 w - - 0 1"},
    {"8/3k4/8/8/2N5/8/3K4/6B1 w - - 0 1"},
    // Tactics: mates and combinations.
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"},
    {"2rq1rk1/pp1bppbp/3p1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13"},
    {"r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2QK2R w KQ - 0 8"},
    // Chess960.
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"Bn1rr1b1/3k4/p3p2B/Pp1p1p2/2PR2pP/8/2Q5/NNR1K3 w - - 6 27", true},
    {"rbbk1r1n/6n1/ppppp2p/4Np1N/3PPP2/7P/2qK4/R1B2QR1 w q - 0 20", true},
    {"3n4/3p4/6k1/R3p2p/Q3P2R/1Bp3N1/1r6/BN4K1 b - - 0 37", true},
    {"r3b2b/k4npn/2rpP3/P7/p2P4/P1p2B1p/K1P5/R1RN4 w - - 3 29", true},
    {"1rkb1qrn/2pp1Qpp/p7/1p2P3/4n3/1b1N4/P1PP2PP/BRKB2RN b KQkq - 0 8", true},
    {"3n2kr/8/2b2B2/7r/P1PP2rR/4P3/N7/NB2K3 w h - 7 39", true},
    {"1br1nkbr/2Bppp2/pp2n3/2p4p/P2P2p1/1P2N2P/1Q3PP1/1BRqNK1R b HChc - 3 11", true},
};

}  // namespace

std::vector<BenchFen> bench_fens() { return {std::begin(kPositions), std::end(kPositions)}; }

uint64_t run_bench(int depth, std::ostream& out) {
  search::ThreadPool pool;
  pool.set_hash(16);
  pool.set_threads(1);
  search::SearchLimits limits;
  limits.depth = depth;
  search::SearchOptions options;
  uint64_t total = 0;
  auto start = std::chrono::steady_clock::now();
  int n = 0;
  for (const BenchFen& bp : kPositions) {
    ++n;
    auto pos = core::parse_fen(bp.fen, bp.chess960);
    if (!pos) {
      out << "bench: position " << n << " rejected: " << pos.error() << "\n";
      continue;
    }
    pool.clear();
    search::SearchResult r = pool.search_sync(pos.value(), {}, limits, options);
    total += r.nodes;
    out << "position " << n << " depth " << r.depth << " nodes " << r.nodes << "\n";
  }
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  uint64_t nps = total * 1000 / uint64_t(ms > 0 ? ms : 1);
  out << "\n" << total << " nodes " << nps << " nps" << std::endl;
  return total;
}

}  // namespace arbiter::uci
