// ChildProcess on POSIX: fork and execve, close-on-exec pipes, poll for reads
// with a deadline, the child in a process group of its own.
//
// Every descriptor is opened close-on-exec, so a child forked by another thread
// never inherits (and keeps open) our pipe ends, and nothing but
// async-signal-safe calls run between fork and exec.
#include "platform/child_process.h"

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

namespace arbiter::platform {

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

struct ChildProcess::State {
  pid_t pid = -1;
  bool reaped = false;
  int wait_status = 0;
  int stdin_fd = -1;   // our write end of the child's stdin
  int stdout_fd = -1;  // our read end of the child's stdout
  bool eof = false;

  bool try_reap(bool block) {
    if (pid <= 0 || reaped) return reaped;
    for (;;) {
      int status = 0;
      pid_t r = ::waitpid(pid, &status, block ? 0 : WNOHANG);
      if (r == pid) {
        reaped = true;
        wait_status = status;
      } else if (r < 0 && errno == EINTR) {
        continue;
      } else if (r < 0) {
        reaped = true;  // ECHILD: reaped elsewhere (SIGCHLD ignored); it is gone either way
      }
      return reaped;
    }
  }

  void close_pipes() {
    close_fd(stdin_fd);
    close_fd(stdout_fd);
  }
};

ChildProcess::ChildProcess() : state_(std::make_unique<State>()) {}

ChildProcess::~ChildProcess() { kill(); }

Result<bool> ChildProcess::start(const std::vector<std::string>& argv,
                                 const std::string& working_dir) {
  kill();
  ignore_sigpipe_once();
  *state_ = State{};
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
  state_->pid = pid;
  state_->stdin_fd = to_child[1];
  state_->stdout_fd = from_child[0];
  if (got == sizeof failure) {
    kill();
    return Error{describe_failure(failure, argv[0], working_dir)};
  }
  // Writes wait with a bound (see write_all) instead of blocking for ever.
  fcntl(state_->stdin_fd, F_SETFL, fcntl(state_->stdin_fd, F_GETFL) | O_NONBLOCK);
  return true;
}

bool ChildProcess::running() { return state_->pid > 0 && !state_->try_reap(false); }

bool ChildProcess::write_all(std::string_view data, std::chrono::milliseconds timeout) {
  if (state_->stdin_fd < 0) return false;
  const char* p = data.data();
  size_t left = data.size();
  const Clock::time_point deadline = Clock::now() + timeout;
  while (left > 0) {
    ssize_t n = ::write(state_->stdin_fd, p, left);
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
      pollfd pfd{state_->stdin_fd, POLLOUT, 0};
      ::poll(&pfd, 1, int(remaining.count()));
      continue;
    }
    return false;  // EPIPE: the child closed its input or exited
  }
  return true;
}

ReadOutcome ChildProcess::read_some(std::string& out, Clock::time_point deadline) {
  char chunk[kReadChunkBytes];
  for (;;) {
    if (state_->eof || state_->stdout_fd < 0) {
      state_->eof = true;
      return ReadOutcome::Closed;
    }
    auto remaining = deadline - Clock::now();
    if (remaining <= Clock::duration::zero()) return ReadOutcome::Timeout;
    // Rounded up, so we never wake early and spin.
    auto wait_ms = std::chrono::ceil<std::chrono::milliseconds>(remaining).count();
    pollfd pfd{state_->stdout_fd, POLLIN, 0};
    int ready = ::poll(&pfd, 1, int(std::min<int64_t>(wait_ms, INT32_MAX)));
    if (ready <= 0) continue;  // timeout or EINTR: the deadline check decides
    ssize_t n = ::read(state_->stdout_fd, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      state_->eof = true;
      continue;
    }
    out.append(chunk, size_t(n));
    return ReadOutcome::Data;
  }
}

void ChildProcess::kill() {
  if (state_->pid > 0 && !state_->try_reap(false)) {
    if (::kill(-state_->pid, SIGKILL) != 0) ::kill(state_->pid, SIGKILL);
    state_->try_reap(true);
  }
  state_->close_pipes();
}

bool ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (state_->pid <= 0) return true;
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    if (state_->try_reap(false)) return true;
    auto remaining = deadline - Clock::now();
    if (remaining <= Clock::duration::zero()) return false;
    std::this_thread::sleep_for(std::min<Clock::duration>(remaining, kReapPollInterval));
  }
}

int64_t ChildProcess::id() const { return state_->pid; }

std::string ChildProcess::exit_description() const {
  if (state_->pid <= 0 || !state_->reaped) return "";
  const int status = state_->wait_status;
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace arbiter::platform
