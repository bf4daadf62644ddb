// arbiter._arbiter.PgnJob: PGN input judged by the library's pipeline
// (adjudicate/pipeline.h) on a thread of its own, its JSON lines handed to
// Python as they come, in input order. The lines are those of 'arbiter
// adjudicate --json', so Python gives the command line's verdicts.
//
// The pipeline runs without the GIL. It takes the GIL only to read a Python
// file object, one chunk at a time; paths and text are read without it. The
// output waits in a bounded queue, so a slow consumer holds the pipeline back
// instead of piling verdicts up in memory. close() (or dropping the job) stops
// it early: the input ends at once and whatever is still being judged is
// dropped.
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <thread>

#include "arbiter/adjudicate/pipeline.h"
#include "bindings.h"

namespace arbiter::python {

namespace py = pybind11;

namespace {

// Bytes asked of the source per read: large enough that a Python read() call
// costs nothing next to judging the games it holds.
constexpr size_t kReadChunkBytes = size_t(1) << 16;
// Output chunks (each one or more whole games) waiting for Python before the
// pipeline is held back.
constexpr size_t kMaxQueuedChunks = 64;

// The input as a streambuf over one of: a file by path, a text in memory, or a
// Python object's read(). Each underflow refills from the source; once the job
// is cancelled it answers end of input.
class SourceBuffer : public std::streambuf {
 public:
  SourceBuffer(const std::atomic<bool>& cancelled) : cancelled_(cancelled) {}
  ~SourceBuffer() override {
    if (file_) std::fclose(file_);
    if (reader_) {
      py::gil_scoped_acquire gil;
      reader_.reset();
    }
  }

  void open_path(const std::string& path) {
    file_ = std::fopen(path.c_str(), "rb");
    if (!file_) throw std::runtime_error("cannot open " + path);
  }
  void set_text(std::string text) { text_ = std::move(text); }
  void set_reader(py::object read) { reader_ = std::make_unique<py::object>(std::move(read)); }

  // The exception a Python read() raised, rethrown on the Python side.
  std::exception_ptr read_error() const { return read_error_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (cancelled_) return traits_type::eof();
    const size_t n = fill();
    if (n == 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
    return traits_type::to_int_type(*gptr());
  }

 private:
  size_t fill() {
    if (file_) return std::fread(buffer_.data(), 1, buffer_.size(), file_);
    if (reader_) return fill_from_python();
    const size_t n = std::min(buffer_.size(), text_.size() - text_offset_);
    text_.copy(buffer_.data(), n, text_offset_);
    text_offset_ += n;
    return n;
  }

  // read() of a binary (bytes) or text (str, sent as UTF-8) file object.
  size_t fill_from_python() {
    py::gil_scoped_acquire gil;
    try {
      py::object chunk = (*reader_)(kReadChunkBytes);
      if (py::isinstance<py::str>(chunk)) {
        // A text stream's read(n) counts characters: a chunk may hold more bytes.
        pending_ += chunk.cast<std::string>();
      } else {
        // bytes, bytearray, memoryview: whatever the buffer protocol gives.
        auto bytes = py::reinterpret_steal<py::bytes>(PyBytes_FromObject(chunk.ptr()));
        if (!bytes) throw py::error_already_set();
        pending_ += bytes.cast<std::string>();
      }
    } catch (py::error_already_set&) {
      read_error_ = std::current_exception();
      return 0;
    }
    const size_t n = std::min(buffer_.size(), pending_.size());
    pending_.copy(buffer_.data(), n);
    pending_.erase(0, n);
    return n;
  }

  const std::atomic<bool>& cancelled_;
  std::array<char, kReadChunkBytes> buffer_{};
  std::FILE* file_ = nullptr;
  std::string text_;
  size_t text_offset_ = 0;
  std::unique_ptr<py::object> reader_;
  std::string pending_;
  std::exception_ptr read_error_;
};

class PgnJob {
 public:
  PgnJob(const py::object& source, const std::string& kind, const std::string& source_name,
         std::string_view rules, bool infer_events, std::string_view mode, int threads,
         int batch_games)
      : buffer_(cancelled_) {
    if (threads < 0) throw py::value_error("threads must be 0 (one per hardware thread) or more");
    if (batch_games < 1) throw py::value_error("batch_games must be 1 or more");
    options_.judge.game.edition = edition_from_name(rules);
    options_.judge.game.claim_mode = claim_mode_from_name(mode);
    options_.judge.infer_events = infer_events;
    options_.format = adjudicate::OutputFormat::Json;
    options_.threads = threads;
    options_.batch_games = size_t(batch_games);
    if (kind == "path") {
      buffer_.open_path(source.cast<std::string>());
    } else if (kind == "text") {
      buffer_.set_text(source.cast<std::string>());
    } else if (kind == "reader") {
      buffer_.set_reader(source);
    } else {
      throw py::value_error("unknown source kind '" + kind + "' (path, text, reader)");
    }
    worker_ = std::thread([this, source_name] { run(source_name); });
  }

  ~PgnJob() { close(); }

  // The next chunk of JSON lines (whole games), or None at the end of the input.
  std::optional<py::bytes> next_chunk() {
    std::string chunk;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return !queue_.empty() || done_; });
      if (!queue_.empty()) {
        chunk = std::move(queue_.front());
        queue_.pop_front();
        changed_.notify_all();
      }
    }
    if (!chunk.empty()) return py::bytes(chunk);
    finish();
    return std::nullopt;
  }

  // Stops early: the input ends now, output still in flight is dropped.
  void close() {
    {
      // Under the lock: a writer waiting for room sees it (no lost wake-up).
      std::lock_guard lock(mutex_);
      cancelled_ = true;
    }
    changed_.notify_all();
    if (worker_.joinable()) {
      py::gil_scoped_release release;
      worker_.join();
    }
  }

  std::string summary_json() const {
    std::lock_guard lock(mutex_);
    return summary_json_;
  }

 private:
  void run(const std::string& source_name) {
    adjudicate::PipelineIo io;
    io.write = [this](std::string_view text) {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return queue_.size() < kMaxQueuedChunks || cancelled_; });
      if (!cancelled_) queue_.emplace_back(text);
      changed_.notify_all();
    };
    io.error = [this](std::string_view message) {
      std::lock_guard lock(mutex_);
      input_error_ = std::string(message);
    };
    std::string summary;
    try {
      std::istream in(&buffer_);
      summary = adjudicate::summary_json(
          adjudicate::adjudicate_pgn_stream(in, source_name, options_, io));
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      input_error_ = e.what();
    }
    std::lock_guard lock(mutex_);
    summary_json_ = std::move(summary);
    done_ = true;
    changed_.notify_all();
  }

  // At the end: what went wrong with the input, as a Python exception.
  void finish() {
    close();
    if (buffer_.read_error()) std::rethrow_exception(buffer_.read_error());
    if (!input_error_.empty()) throw std::runtime_error(input_error_);
  }

  adjudicate::PipelineOptions options_;
  std::atomic<bool> cancelled_{false};
  SourceBuffer buffer_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;
  bool done_ = false;
  std::string input_error_;
  std::string summary_json_;
  std::thread worker_;
};

}  // namespace

void bind_pgn(py::module_& m) {
  py::class_<PgnJob>(m, "PgnJob", "PGN judged on a thread of its own (see arbiter.adjudicate_pgn).")
      .def(py::init<const py::object&, const std::string&, const std::string&, std::string_view,
                    bool, std::string_view, int, int>(),
           py::arg("source"), py::arg("kind"), py::arg("source_name"), py::arg("rules"),
           py::arg("infer_events"), py::arg("mode"), py::arg("threads"), py::arg("batch_games"))
      .def("next_chunk", &PgnJob::next_chunk)
      .def("close", &PgnJob::close)
      .def("summary_json", &PgnJob::summary_json);
}

}  // namespace arbiter::python
