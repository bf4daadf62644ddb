// The UCI engine for JavaScript: command lines in (send), output lines out to
// a callback, through the same Protocol as `arbiter` on standard input.
//
// No threads (a WebAssembly build without pthreads: ARBITER_SINGLE_THREADED),
// so `go` searches inside send() and its info and bestmove lines reach the
// callback before send() returns; `stop` therefore finds no search to stop, and
// `go infinite` is bounded (src/search/threads.cpp). js/engine-worker.mjs runs
// this in a Web Worker so that a page stays responsive while it searches.
#pragma once

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

#include <emscripten/val.h>

#include "arbiter/uci/protocol.h"

namespace arbiter::wasm {

// Whole lines to a JavaScript function, without their '\n'.
class LineCallbackBuffer : public std::streambuf {
 public:
  explicit LineCallbackBuffer(emscripten::val callback) : callback_(std::move(callback)) {}

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  emscripten::val callback_;
  std::string line_;
};

class EngineBinding {
 public:
  explicit EngineBinding(emscripten::val on_line);
  // One command; false once "quit" has been handled (further commands are ignored).
  bool send(const std::string& line);

 private:
  LineCallbackBuffer buffer_;
  std::ostream out_;
  std::unique_ptr<uci::Protocol> protocol_;
  bool quit_ = false;
};

}  // namespace arbiter::wasm
