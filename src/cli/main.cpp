// arbiter: with no arguments a UCI engine; with a subcommand a tool.
#include <cstring>
#include <iostream>
#include <string_view>

#include "arbiter/uci/build_info.h"
#include "commands.h"
#include "platform/console.h"
#include "platform/cpu_features.h"

namespace {

using arbiter::cli::kUsageError;

struct Subcommand {
  std::string_view name;
  int (*run)(int, char**);
  std::string_view summary;
};

constexpr Subcommand kSubcommands[] = {
    {"perft", arbiter::cli::run_perft,
     "perft DEPTH [--fen FEN] [--divide] [--chess960] | perft --epd FILE [--max-depth D]"},
    {"bench", arbiter::cli::run_bench,
     "bench [DEPTH] [--simd NAME]   fixed-depth search benchmark"},
    {"selftest", arbiter::cli::run_selftest,
     "selftest   NNUE back ends, sliding attacks and perft against their references"},
    {"adjudicate", arbiter::cli::run_adjudicate,
     "adjudicate [FILE.pgn ...] [--rules fide-2023] [--format json] [--threads N]\n"
     "  arbiter adjudicate --fen FEN [--moves MOVES] [--event EVENT] [--rules fide-2023]"},
    {"unwinnable", arbiter::cli::run_unwinnable,
     "unwinnable [FILE ...] [--budget N] [--threads N]   U(White), U(Black), dead, per FEN"},
    {"match", arbiter::cli::run_match,
     "match --engine cmd=PATH [name=N] --engine ... --each tc=10+0.1 --games N [--pgnout F]"},
    {"datagen", arbiter::cli::run_datagen,
     "datagen --out FILE | --store DIR --generation G  --positions N [--threads T] [--seed S]\n"
     "  arbiter datagen --check DIR | --dump FILE"},
    {"train", arbiter::cli::run_train,
     "train --data FILE [--data FILE ...] --out NET [--epochs N] [--threads N] [--resume CKPT]"},
    {"tune", arbiter::cli::run_tune,
     "tune --state FILE [--iterations N] [--pairs P] [--tc 5+0.05] [--openings F]   SPSA "
     "(tuning builds)"},
};

void print_usage(std::ostream& out) {
  out << "Arbiter " << arbiter::uci::build_info().version
      << ": a UCI chess engine and FIDE adjudicator\n"
      << "usage: arbiter                 speak UCI on stdin/stdout\n"
      << "       arbiter --version       version, commit, compiler, target CPU, back ends, net\n"
      << "       arbiter <subcommand> [options]\n";
  for (const Subcommand& s : kSubcommands) out << "  arbiter " << s.summary << "\n";
  out << "Run 'arbiter <subcommand> --help' for the options of one subcommand.\n";
}

}  // namespace

// Standard streams stay in the C runtime's default mode, but for UCI. On Windows
// that is text mode: every subcommand's stdout is text (verdicts, JSON lines, CSV,
// dumps), so it ends lines with "\r\n" as Windows programs do, and stdin drops the
// "\r" of CRLF input (the PGN reader and the UCI loop accept it on Linux too).
// Binary data (datagen files, nets, checkpoints) and PGN written by `match` go to
// files opened in binary mode, never to stdout: nothing is translated there. UCI
// lines end in "\n" alone on every system (platform/console.h says why).
int main(int argc, char** argv) {
  arbiter::platform::require_build_cpu();  // already done at start-up; keeps the check linked in
  if (argc < 2) {
    arbiter::platform::set_stdout_line_ends_lf();
    return arbiter::cli::run_uci();
  }
  std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return 0;
  }
  if (name == "--version" || name == "version") {
    std::cout << arbiter::uci::version_report();
    return 0;
  }
  for (const Subcommand& s : kSubcommands)
    if (s.name == name) return s.run(argc - 1, argv + 1);
  std::cerr << "arbiter: unknown subcommand '" << name << "'\n";
  print_usage(std::cerr);
  return kUsageError;
}
