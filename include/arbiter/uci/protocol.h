// The UCI command loop. One line in, zero or more lines out; searches run on
// their own threads so isready, stop and quit are answered at once.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/uci/engine.h"
#include "arbiter/uci/output.h"

namespace arbiter::uci {

class Protocol {
 public:
  explicit Protocol(std::ostream& out);
  ~Protocol();

  // Handles one command line; false once "quit" has been handled.
  bool handle(std::string_view line);
  // Reads commands until "quit" or the end of input, then finishes any search.
  void run(std::istream& in);

  Engine& engine() { return engine_; }

 private:
  using Tokens = std::vector<std::string>;
  void cmd_uci();
  void cmd_setoption(const Tokens& t);
  void cmd_position(const Tokens& t);
  void cmd_go(const Tokens& t);
  void cmd_display();
  void cmd_perft(const std::string& depth_text);
  void cmd_bench(const Tokens& t);
  void finish_search();

  Output out_;
  Engine engine_;
};

}  // namespace arbiter::uci
