// Thread-safe line output: search threads and the input thread both write, and
// every line must arrive whole and flushed (GUIs read line by line).
#pragma once

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace arbiter::uci {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
  }
  void info_string(std::string_view text) { line("info string " + std::string(text)); }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace arbiter::uci
