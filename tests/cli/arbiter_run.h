// The arbiter executable run once, standard output and standard error apart,
// standard input from a file (/dev/null by default, so that no test waits on
// the terminal).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace arbiter::test {

struct ArbiterRun {
  int exit_code = -1;  // -1: killed by a signal (a crash)
  std::string out;
  std::string err;
};

// Single quotes survive the shell unchanged except for ' itself.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// A path for a scratch file, unique to this process and call.
inline std::string scratch_path(const std::string& stem) {
  static std::atomic<int> counter{0};
  return testing::TempDir() + "arbiter-" + std::to_string(getpid()) + "-" +
         std::to_string(counter++) + "-" + stem;
}

inline ArbiterRun run_arbiter_args(const std::string& args,
                                   const std::string& stdin_path = "/dev/null") {
  ArbiterRun run;
  const std::string err_path = scratch_path("stderr.txt");
  const std::string command =
      std::string(ARBITER_BINARY) + " " + args + " <" + quote(stdin_path) + " 2>" + quote(err_path);
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 65536> buffer;
  for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_path, std::ios::binary);
  run.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
  std::filesystem::remove(err_path);
  return run;
}

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace arbiter::test
