// The UCI engine of the JavaScript API.
#include "engine_binding.h"

namespace arbiter::wasm {

LineCallbackBuffer::int_type LineCallbackBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  xsputn(&ch, 1);
  return c;
}

std::streamsize LineCallbackBuffer::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) {
    if (s[i] == '\n') {
      callback_(line_);
      line_.clear();
    } else {
      line_ += s[i];
    }
  }
  return n;
}

EngineBinding::EngineBinding(emscripten::val on_line)
    : buffer_(std::move(on_line)),
      out_(&buffer_),
      protocol_(std::make_unique<uci::Protocol>(out_)) {}

bool EngineBinding::send(const std::string& line) {
  if (quit_) return false;
  quit_ = !protocol_->handle(line);
  return !quit_;
}

}  // namespace arbiter::wasm
