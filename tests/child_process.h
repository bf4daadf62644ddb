// A program run as a child process over pipes, for protocol tests: write lines
// to its stdin, read lines (without their "\n" or "\r\n") from its stdout with a timeout.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::test {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ChildProcess(const std::vector<std::string>& argv) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      int devnull = open("/dev/null", O_WRONLY);
      if (devnull >= 0) dup2(devnull, STDERR_FILENO);
      close(to_child[1]);
      close(from_child[0]);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execvp(args[0], args.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~ChildProcess() {
    if (in_ >= 0) close(in_);
    if (pid_ > 0) {
      // Give it a moment to exit by itself, then insist.
      for (int i = 0; i < 100 && !exited(); ++i) usleep(10000);
      if (!exited()) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
      }
    }
    if (out_ >= 0) close(out_);
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }

  void send(const std::string& line) {
    std::string data = line + "\n";
    const char* p = data.data();
    size_t left = data.size();
    while (left > 0) {
      ssize_t n = write(in_, p, left);
      if (n <= 0) return;
      p += n;
      left -= size_t(n);
    }
  }
  void close_input() {
    if (in_ >= 0) close(in_);
    in_ = -1;
  }

  // The next line, or nullopt after timeout_ms or at end of output.
  std::optional<std::string> read_line(int timeout_ms) {
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        // A program on Windows ends its lines with "\r\n" (text-mode stdout).
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      int left = int(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
      if (left <= 0) return std::nullopt;
      pollfd pfd{out_, POLLIN, 0};
      if (poll(&pfd, 1, left) <= 0) return std::nullopt;
      char chunk[4096];
      ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, size_t(n));
    }
  }

  // Reads lines until one satisfies `done`; returns all lines read (the last is
  // the match), or what was read before the timeout (then matched = false).
  std::vector<std::string> read_until(const std::function<bool(const std::string&)>& done,
                                      int timeout_ms, bool* matched = nullptr) {
    std::vector<std::string> lines;
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    if (matched) *matched = false;
    for (;;) {
      int left = int(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
      if (left <= 0) return lines;
      auto line = read_line(left);
      if (!line) return lines;
      lines.push_back(*line);
      if (done(*line)) {
        if (matched) *matched = true;
        return lines;
      }
    }
  }

  bool exited() {
    if (reaped_) return true;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) reaped_ = true;
    return reaped_;
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
  bool reaped_ = false;
};

inline bool starts_with(const std::string& s, std::string_view prefix) {
  return s.rfind(prefix, 0) == 0;
}

}  // namespace arbiter::test
