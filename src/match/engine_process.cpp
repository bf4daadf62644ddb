#include "arbiter/match/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <system_error>
#include <thread>

extern char** environ;

namespace arbiter::match {

namespace {

constexpr size_t kReadChunkBytes = 16384;
// What a shell reports for a command it could not run.
constexpr int kExecFailedExitCode = 127;
// How often wait_exit looks whether the child has exited.
constexpr std::chrono::milliseconds kReapPollInterval{2};
// Used when PATH is unset (as execvp does).
constexpr const char* kDefaultPath = "/bin:/usr/bin";

// Where the child failed before becoming the program, sent back over the status pipe.
enum class ExecStage : int { Chdir, Exec };
struct ExecFailure {
  ExecStage stage;
  int error;
};

// Writes to a pipe whose reader is gone must fail with EPIPE, not kill us.
void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = SIG_IGN;
    sigemptyset(&action.sa_mask);
    sigaction(SIGPIPE, &action, nullptr);
  });
}

// strerror's buffer is shared between threads; the error category's text is not.
std::string error_text(int error) { return std::generic_category().message(error); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Keeps fd off 0-2 (possible when our own stdio is closed), so the dup2 calls in
// the child can never overwrite one another. Close-on-exec is kept.
bool raise_above_stdio(int& fd) {
  if (fd < 0 || fd > STDERR_FILENO) return fd >= 0;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  ::close(fd);
  fd = moved;
  return fd >= 0;
}

// A pipe whose both ends are close-on-exec: a child forked meanwhile by another
// thread must not keep them open.
bool make_pipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  if (raise_above_stdio(fds[0]) && raise_above_stdio(fds[1])) return true;
  close_fd(fds[0]);
  close_fd(fds[1]);
  return false;
}

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Resolves the program before fork: execvp's PATH search is not async-signal-safe.
// A name with a '/' is used as given (relative to working_dir, since exec follows chdir).
Result<std::string> resolve_program(const std::string& name) {
  if (name.empty()) return Error{"no program given"};
  if (name.find('/') != std::string::npos) return name;
  const char* env_path = std::getenv("PATH");
  std::string_view path = env_path ? env_path : kDefaultPath;
  while (true) {
    size_t colon = path.find(':');
    std::string_view dir = path.substr(0, colon);
    std::string candidate = (dir.empty() ? std::string(".") : std::string(dir)) + "/" + name;
    if (is_executable_file(candidate)) return candidate;
    if (colon == std::string_view::npos) break;
    path.remove_prefix(colon + 1);
  }
  return Error{"program '" + name + "' not found in PATH"};
}

// Child side: tells the parent why the exec did not happen, and ends the child.
[[noreturn]] void report_exec_failure(int status_fd, ExecStage stage) {
  ExecFailure failure{stage, errno};
  ssize_t ignored = ::write(status_fd, &failure, sizeof failure);
  (void)ignored;
  _exit(kExecFailedExitCode);
}

// Child side, between fork and exec: async-signal-safe calls only, no allocation.
[[noreturn]] void exec_child(const char* program, char* const* argv, const char* working_dir,
                             int stdin_fd, int stdout_fd, int stderr_fd, int status_fd) {
  if (::dup2(stdin_fd, STDIN_FILENO) < 0 || ::dup2(stdout_fd, STDOUT_FILENO) < 0 ||
      ::dup2(stderr_fd, STDERR_FILENO) < 0)
    report_exec_failure(status_fd, ExecStage::Exec);
  // We ignore SIGPIPE; ignored signals survive exec, so give the engine the default back.
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGPIPE, &action, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  // A process group of its own: a Ctrl-C meant for the match runner must not kill
  // the engines in the middle of games (the runner stops them itself), and kill()
  // reaches whatever a wrapper script started.
  ::setpgid(0, 0);
  if (working_dir != nullptr && ::chdir(working_dir) != 0)
    report_exec_failure(status_fd, ExecStage::Chdir);
  ::execve(program, argv, environ);
  report_exec_failure(status_fd, ExecStage::Exec);
}

std::string describe_failure(const ExecFailure& failure, const std::string& program,
                             const std::string& working_dir) {
  std::string reason = error_text(failure.error);
  if (failure.stage == ExecStage::Chdir)
    return "cannot enter working directory '" + working_dir + "': " + reason;
  return "cannot run '" + program + "': " + reason;
}

}  // namespace

EngineProcess::~EngineProcess() { kill(); }

Result<bool> EngineProcess::start(const std::vector<std::string>& argv,
                                  const std::string& working_dir) {
  kill();
  ignore_sigpipe_once();
  pid_ = -1;
  reaped_ = false;
  wait_status_ = 0;
  buffer_.clear();
  scanned_ = 0;
  dropping_ = false;
  eof_ = false;
  if (argv.empty()) return Error{"no program given"};
  Result<std::string> program = resolve_program(argv[0]);
  if (!program) return Error{program.error()};

  // Everything the child needs is built now: it must not allocate after fork.
  std::vector<char*> child_argv;
  child_argv.reserve(argv.size() + 1);
  for (const std::string& arg : argv) child_argv.push_back(const_cast<char*>(arg.c_str()));
  child_argv.push_back(nullptr);
  const char* child_dir = working_dir.empty() ? nullptr : working_dir.c_str();

  int to_child[2] = {-1, -1}, from_child[2] = {-1, -1}, status[2] = {-1, -1};
  int devnull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  auto close_all = [&] {
    for (int* fd : {&to_child[0], &to_child[1], &from_child[0], &from_child[1], &status[0],
                    &status[1], &devnull})
      close_fd(*fd);
  };
  if (!raise_above_stdio(devnull) || !make_pipe(to_child) || !make_pipe(from_child) ||
      !make_pipe(status)) {
    std::string reason = error_text(errno);
    close_all();
    return Error{"cannot create pipes: " + reason};
  }

  pid_t pid = ::fork();
  if (pid < 0) {
    std::string reason = error_text(errno);
    close_all();
    return Error{"cannot fork: " + reason};
  }
  if (pid == 0)
    exec_child(program.value().c_str(), child_argv.data(), child_dir, to_child[0], from_child[1],
               devnull, status[1]);

  // Also from this side, so that a kill() right after start() finds the group.
  ::setpgid(pid, pid);
  close_fd(to_child[0]);
  close_fd(from_child[1]);
  close_fd(status[1]);
  close_fd(devnull);
  // The status pipe closes unread on a successful exec (close-on-exec) and carries
  // an ExecFailure otherwise.
  ExecFailure failure{};
  size_t got = 0;
  while (got < sizeof failure) {
    ssize_t n = ::read(status[0], reinterpret_cast<char*>(&failure) + got, sizeof failure - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += size_t(n);
  }
  close_fd(status[0]);
  pid_ = pid;
  stdin_fd_ = to_child[1];
  stdout_fd_ = from_child[0];
  if (got == sizeof failure) {
    kill();
    return Error{describe_failure(failure, argv[0], working_dir)};
  }
  // Writes wait with a bound (see write_line) instead of blocking for ever.
  fcntl(stdin_fd_, F_SETFL, fcntl(stdin_fd_, F_GETFL) | O_NONBLOCK);
  return true;
}

bool EngineProcess::try_reap(bool block) {
  if (pid_ <= 0 || reaped_) return reaped_;
  for (;;) {
    int status = 0;
    pid_t r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      wait_status_ = status;
    } else if (r < 0 && errno == EINTR) {
      continue;
    } else if (r < 0) {
      reaped_ = true;  // ECHILD: reaped elsewhere (SIGCHLD ignored); it is gone either way
    }
    return reaped_;
  }
}

bool EngineProcess::running() { return pid_ > 0 && !try_reap(false); }

bool EngineProcess::write_line(std::string_view line) {
  if (stdin_fd_ < 0) return false;
  std::string data;
  data.reserve(line.size() + 1);
  data.append(line);
  data.push_back('\n');
  const char* p = data.data();
  size_t left = data.size();
  const Clock::time_point deadline = Clock::now() + kWriteTimeout;
  while (left > 0) {
    ssize_t n = ::write(stdin_fd_, p, left);
    if (n > 0) {
      p += n;
      left -= size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // The child is not reading: wait for room, but not for ever.
      auto remaining =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (remaining.count() <= 0) return false;
      pollfd pfd{stdin_fd_, POLLOUT, 0};
      ::poll(&pfd, 1, int(remaining.count()));
      continue;
    }
    return false;  // EPIPE: the child closed its input or exited
  }
  return true;
}

bool EngineProcess::take_buffered_line(std::string& line) {
  size_t newline = buffer_.find('\n', scanned_);
  if (newline == std::string::npos) {
    scanned_ = buffer_.size();
    if (buffer_.size() < kMaxLineBytes) return false;
    // An over-long line: hand out its start, drop the rest as it arrives.
    line.assign(buffer_, 0, kMaxLineBytes);
    buffer_.clear();
    scanned_ = 0;
    dropping_ = true;
    return true;
  }
  line.assign(buffer_, 0, std::min(newline, kMaxLineBytes));
  buffer_.erase(0, newline + 1);
  scanned_ = 0;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  char chunk[kReadChunkBytes];
  for (;;) {
    if (take_buffered_line(line)) return ReadStatus::Line;
    if (eof_ || stdout_fd_ < 0) {
      eof_ = true;
      if (buffer_.empty()) return ReadStatus::Closed;
      line = std::move(buffer_);  // the last line had no '\n'
      buffer_.clear();
      scanned_ = 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadStatus::Line;
    }
    // Checked before reading more: an engine that never stops talking cannot hold us.
    auto remaining = deadline - Clock::now();
    if (remaining <= Clock::duration::zero()) return ReadStatus::Timeout;
    // Rounded up, so we never wake early and spin.
    auto wait_ms = std::chrono::ceil<std::chrono::milliseconds>(remaining).count();
    pollfd pfd{stdout_fd_, POLLIN, 0};
    int ready = ::poll(&pfd, 1, int(std::min<int64_t>(wait_ms, INT32_MAX)));
    if (ready <= 0) continue;  // timeout or EINTR: the deadline check decides
    ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    std::string_view data(chunk, size_t(n));
    if (dropping_) {
      size_t newline = data.find('\n');
      if (newline == std::string_view::npos) continue;
      dropping_ = false;
      data.remove_prefix(newline + 1);
    }
    buffer_.append(data);
  }
}

void EngineProcess::close_pipes() {
  close_fd(stdin_fd_);
  close_fd(stdout_fd_);
}

void EngineProcess::kill() {
  if (pid_ > 0 && !try_reap(false)) {
    if (::kill(-pid_, SIGKILL) != 0) ::kill(pid_, SIGKILL);
    try_reap(true);
  }
  close_pipes();
}

bool EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return true;
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    if (try_reap(false)) return true;
    auto remaining = deadline - Clock::now();
    if (remaining <= Clock::duration::zero()) return false;
    std::this_thread::sleep_for(std::min<Clock::duration>(remaining, kReapPollInterval));
  }
}

std::string EngineProcess::exit_description() const {
  if (pid_ <= 0 || !reaped_) return "";
  if (WIFEXITED(wait_status_))
    return "exited with code " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_))
    return "killed by signal " + std::to_string(WTERMSIG(wait_status_));
  return "ended";
}

}  // namespace arbiter::match
