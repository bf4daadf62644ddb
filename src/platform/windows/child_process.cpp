// ChildProcess on Windows: CreateProcessW with the child's ends of two anonymous
// pipes and NUL as its standard handles, the child in a job object (so that kill()
// ends whatever it started, as the process group does on POSIX), and a reader and
// a writer thread per child (windows/pipe_threads.h) for deadlines on the pipes.
#include "platform/child_process.h"

#include <windows.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <mutex>

#include "platform/windows/pipe_threads.h"
#include "platform/windows/wide_text.h"
#include "platform/windows_command_line.h"

namespace arbiter::platform {

namespace {

using windows::system_message;
using windows::to_utf16;

// Each pipe's buffer: a UCI position line with a thousand moves fits many times.
constexpr DWORD kPipeBufferBytes = 64 << 10;
// The exit code a child we end ourselves gets, told apart by `killed` below.
constexpr UINT kKilledExitCode = 1;
// How long kill() waits for the system to end a terminated process.
constexpr DWORD kKillWaitMs = 5000;
// Extensions tried, in order, for a program named without one (as cmd.exe does).
constexpr std::array<const wchar_t*, 4> kProgramExtensions = {L".exe", L".com", L".bat", L".cmd"};
// Exit codes from here up are NTSTATUS errors: the program crashed.
constexpr DWORD kFirstErrorStatus = 0xC0000000;
// NTSTATUS values a crashed program exits with, worded.
struct CrashCode {
  DWORD code;
  const char* meaning;
};
constexpr CrashCode kCrashCodes[] = {
    {0xC0000005, "access violation"},     {0xC000001D, "illegal instruction"},
    {0xC00000FD, "stack overflow"},       {0xC0000094, "integer division by zero"},
    {0xC0000409, "fail-fast exception"},  {0xC0000374, "heap corruption"},
    {0xC000013A, "interrupted (Ctrl-C)"}, {0xC0000135, "a DLL was not found"},
};

// Handles are inheritable only between CreatePipe and the CreateProcessW that
// passes them on; another thread's child started in that window would inherit
// them too and keep our pipes open. Every child is started under this lock.
std::mutex& creation_mutex() {
  static std::mutex mutex;
  return mutex;
}

void close_handle(HANDLE& handle) {
  if (handle != nullptr && handle != INVALID_HANDLE_VALUE) CloseHandle(handle);
  handle = nullptr;
}

bool is_file(const std::wstring& path) {
  const DWORD attributes = GetFileAttributesW(path.c_str());
  return attributes != INVALID_FILE_ATTRIBUTES && !(attributes & FILE_ATTRIBUTE_DIRECTORY);
}

bool is_directory(const std::wstring& path) {
  const DWORD attributes = GetFileAttributesW(path.c_str());
  return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
}

bool is_separator(wchar_t c) { return c == L'\\' || c == L'/'; }

// "C:..." or "\..." or "\\server\...": not relative to a working directory.
bool is_absolute(const std::wstring& path) {
  return (!path.empty() && is_separator(path[0])) || (path.size() > 1 && path[1] == L':');
}

bool names_a_folder(const std::wstring& name) {
  return name.find_first_of(L"\\/:") != std::wstring::npos;
}

bool has_extension(const std::wstring& name) {
  const size_t dot = name.rfind(L'.');
  return dot != std::wstring::npos && name.find_first_of(L"\\/", dot) == std::wstring::npos;
}

std::wstring join_path(const std::wstring& folder, const std::wstring& name) {
  if (folder.empty() || is_separator(folder.back())) return folder + name;
  return folder + L"\\" + name;
}

// `base` itself when it has an extension and exists, else base + .exe, .com, ...
std::wstring find_with_extensions(const std::wstring& base) {
  if (has_extension(base) && is_file(base)) return base;
  for (const wchar_t* extension : kProgramExtensions)
    if (is_file(base + extension)) return base + extension;
  return {};
}

std::wstring module_folder() {
  std::wstring path(MAX_PATH, L'\0');
  for (;;) {
    const DWORD length = GetModuleFileNameW(nullptr, path.data(), DWORD(path.size()));
    if (length == 0) return {};
    if (length < path.size()) {
      path.resize(length);
      break;
    }
    path.resize(path.size() * 2);
  }
  const size_t slash = path.find_last_of(L"\\/");
  return slash == std::wstring::npos ? std::wstring() : path.substr(0, slash);
}

std::wstring environment_variable(const wchar_t* name) {
  const DWORD needed = GetEnvironmentVariableW(name, nullptr, 0);
  if (needed == 0) return {};
  std::wstring value(needed, L'\0');
  const DWORD length = GetEnvironmentVariableW(name, value.data(), needed);
  value.resize(length < needed ? length : 0);
  return value;
}

// The program's path. A name with a folder in it is used as given (relative to
// working_dir when one is given, as on POSIX); a bare name is looked for where
// CreateProcess would look: our own folder, the current folder, then PATH.
Result<std::wstring> resolve_program(const std::string& name, const std::string& working_dir) {
  if (name.empty()) return Error{"no program given"};
  std::wstring wide = to_utf16(name);
  if (names_a_folder(wide)) {
    if (!working_dir.empty() && !is_absolute(wide)) wide = join_path(to_utf16(working_dir), wide);
    std::wstring found = find_with_extensions(wide);
    if (found.empty())
      return Error{"cannot run '" + name + "': " + system_message(ERROR_FILE_NOT_FOUND)};
    return found;
  }
  std::vector<std::wstring> folders{module_folder(), L"."};
  const std::wstring path = environment_variable(L"PATH");
  for (size_t begin = 0; begin <= path.size();) {
    size_t end = path.find(L';', begin);
    if (end == std::wstring::npos) end = path.size();
    std::wstring folder = path.substr(begin, end - begin);
    if (folder.size() >= 2 && folder.front() == L'"' && folder.back() == L'"')
      folder = folder.substr(1, folder.size() - 2);
    if (!folder.empty()) folders.push_back(folder);
    begin = end + 1;
  }
  for (const std::wstring& folder : folders) {
    if (folder.empty()) continue;
    std::wstring found = find_with_extensions(join_path(folder, wide));
    if (!found.empty()) return found;
  }
  return Error{"program '" + name + "' not found in arbiter's folder, the current folder or PATH"};
}

std::string hex_code(DWORD code) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08lX", static_cast<unsigned long>(code));
  return hex;
}

std::string describe_exit_code(DWORD code) {
  for (const CrashCode& crash : kCrashCodes)
    if (crash.code == code) return "crashed with " + hex_code(code) + " (" + crash.meaning + ")";
  if (code >= kFirstErrorStatus) return "crashed with " + hex_code(code);
  return "exited with code " + std::to_string(code);
}

// The pipes and the null device, with the child's ends inheritable.
struct StandardHandles {
  HANDLE child_stdin = nullptr, our_stdin = nullptr;
  HANDLE our_stdout = nullptr, child_stdout = nullptr;
  HANDLE child_stderr = nullptr;

  DWORD open() {
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    if (!CreatePipe(&child_stdin, &our_stdin, &inheritable, kPipeBufferBytes) ||
        !CreatePipe(&our_stdout, &child_stdout, &inheritable, kPipeBufferBytes))
      return GetLastError();
    // Our ends stay ours: the child must not hold them (it would never see its
    // input end, and we would never see its output end).
    if (!SetHandleInformation(our_stdin, HANDLE_FLAG_INHERIT, 0) ||
        !SetHandleInformation(our_stdout, HANDLE_FLAG_INHERIT, 0))
      return GetLastError();
    child_stderr = CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                               &inheritable, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (child_stderr == INVALID_HANDLE_VALUE) return GetLastError();
    return ERROR_SUCCESS;
  }
  void close_child_ends() {
    close_handle(child_stdin);
    close_handle(child_stdout);
    close_handle(child_stderr);
  }
  void close_all() {
    close_child_ends();
    close_handle(our_stdin);
    close_handle(our_stdout);
  }
};

// A job that ends every process in it when its last handle closes: kill() and
// our own exit then take the engine's children along.
HANDLE create_kill_on_close_job() {
  HANDLE job = CreateJobObjectW(nullptr, nullptr);
  if (job == nullptr) return nullptr;
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (!SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits))
    close_handle(job);
  return job;
}

}  // namespace

struct ChildProcess::State {
  HANDLE process = nullptr;
  HANDLE job = nullptr;  // null when the system refused one: kill() ends the child alone
  DWORD pid = 0;
  bool killed = false;  // ended by kill(), not by itself
  std::unique_ptr<windows::PipeWriter> writer;
  std::unique_ptr<windows::PipeReader> reader;

  bool exited() const {
    return process != nullptr && WaitForSingleObject(process, 0) == WAIT_OBJECT_0;
  }
};

ChildProcess::ChildProcess() : state_(std::make_unique<State>()) {}

ChildProcess::~ChildProcess() {
  kill();
  close_handle(state_->process);
}

Result<bool> ChildProcess::start(const std::vector<std::string>& argv,
                                 const std::string& working_dir) {
  kill();
  close_handle(state_->process);
  *state_ = State{};
  if (argv.empty()) return Error{"no program given"};
  Result<std::wstring> program = resolve_program(argv[0], working_dir);
  if (!program) return Error{program.error()};
  const std::wstring folder = to_utf16(working_dir);
  if (!working_dir.empty() && !is_directory(folder)) {
    const DWORD error = GetFileAttributesW(folder.c_str()) == INVALID_FILE_ATTRIBUTES
                            ? GetLastError()
                            : ERROR_DIRECTORY;
    return Error{"cannot enter working directory '" + working_dir + "': " + system_message(error)};
  }
  // CreateProcessW may write into the command line: it must be a modifiable buffer.
  std::wstring command_line = to_utf16(windows_command_line(argv));

  StandardHandles handles;
  PROCESS_INFORMATION info{};
  DWORD error = ERROR_SUCCESS;
  {
    std::lock_guard lock(creation_mutex());
    error = handles.open();
    if (error == ERROR_SUCCESS) {
      STARTUPINFOW startup{};
      startup.cb = sizeof startup;
      startup.dwFlags = STARTF_USESTDHANDLES;
      startup.hStdInput = handles.child_stdin;
      startup.hStdOutput = handles.child_stdout;
      startup.hStdError = handles.child_stderr;
      // Suspended until it is in the job, so that nothing it starts escapes; no
      // console window of its own, and none of our console's Ctrl-C (the runner
      // stops its engines itself).
      const DWORD flags = CREATE_SUSPENDED | CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT;
      if (!CreateProcessW(program->c_str(), command_line.data(), nullptr, nullptr, TRUE, flags,
                          nullptr, working_dir.empty() ? nullptr : folder.c_str(), &startup, &info))
        error = GetLastError();
    }
    handles.close_child_ends();
  }
  if (error != ERROR_SUCCESS) {
    handles.close_all();
    return Error{"cannot run '" + argv[0] + "': " + system_message(error)};
  }

  state_->process = info.hProcess;
  state_->pid = info.dwProcessId;
  state_->job = create_kill_on_close_job();
  if (state_->job != nullptr && !AssignProcessToJobObject(state_->job, info.hProcess))
    close_handle(state_->job);  // e.g. our own job forbids nesting: the child alone, then
  ResumeThread(info.hThread);
  CloseHandle(info.hThread);
  state_->writer = std::make_unique<windows::PipeWriter>(handles.our_stdin);
  state_->reader = std::make_unique<windows::PipeReader>(handles.our_stdout);
  return true;
}

bool ChildProcess::running() {
  return state_->process != nullptr && WaitForSingleObject(state_->process, 0) == WAIT_TIMEOUT;
}

bool ChildProcess::write_all(std::string_view data, std::chrono::milliseconds timeout) {
  return state_->writer && state_->writer->write_all(data, timeout);
}

ReadOutcome ChildProcess::read_some(std::string& out, Clock::time_point deadline) {
  if (!state_->reader) return ReadOutcome::Closed;
  return state_->reader->read_some(out, deadline);
}

void ChildProcess::kill() {
  if (state_->process != nullptr) {
    if (running()) {
      state_->killed = true;
      if (state_->job == nullptr || !TerminateJobObject(state_->job, kKilledExitCode))
        TerminateProcess(state_->process, kKilledExitCode);
      WaitForSingleObject(state_->process, kKillWaitMs);
    }
    close_handle(state_->job);  // ends whatever the child left behind
  }
  // The child's ends died with it: the threads see broken pipes and end.
  if (state_->writer) state_->writer->stop();
  if (state_->reader) state_->reader->stop();
  state_->writer.reset();
  state_->reader.reset();
}

bool ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (state_->process == nullptr) return true;
  const auto capped = std::min<int64_t>(timeout.count(), int64_t(INFINITE) - 1);
  return WaitForSingleObject(state_->process, DWORD(std::max<int64_t>(capped, 0))) == WAIT_OBJECT_0;
}

int64_t ChildProcess::id() const { return state_->process != nullptr ? state_->pid : -1; }

std::string ChildProcess::exit_description() const {
  if (!state_->exited()) return "";
  if (state_->killed) return "killed";
  DWORD code = 0;
  if (!GetExitCodeProcess(state_->process, &code)) return "ended";
  return describe_exit_code(code);
}

}  // namespace arbiter::platform
