// The arbiter executable's subcommands, one file each.
#pragma once

namespace arbiter::cli {

// Exit codes every subcommand shares (0 is success).
inline constexpr int kFailure = 1;     // the work could not be done
inline constexpr int kUsageError = 2;  // a bad command line

// Each returns the process exit code. argv[0] is the subcommand's name.
int run_perft(int argc, char** argv);
int run_bench(int argc, char** argv);
// No subcommand: the UCI engine on stdin/stdout.
int run_uci();
int run_adjudicate(int argc, char** argv);
int run_match(int argc, char** argv);
int run_datagen(int argc, char** argv);
int run_train(int argc, char** argv);
int run_tune(int argc, char** argv);
int run_unwinnable(int argc, char** argv);
int run_selftest(int argc, char** argv);

}  // namespace arbiter::cli
