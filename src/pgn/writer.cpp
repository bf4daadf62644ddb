// PGN export format: roster tags first, then the rest; movetext wrapped by words.
#include "arbiter/pgn/writer.h"

#include <array>

#include "arbiter/core/fen.h"
#include "arbiter/pgn/tags.h"

namespace arbiter::pgn {

namespace {

struct RosterTag {
  std::string_view name;
  std::string_view missing;  // value written when the game lacks the tag
};
constexpr std::array<RosterTag, 7> kRoster = {{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", ""},  // the result token
}};

bool is_roster(std::string_view name) {
  for (const RosterTag& t : kRoster)
    if (t.name == name) return true;
  return false;
}

void write_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  out += escape_tag_value(value);
  out += "\"]\n";
}

// Appends words separated by single spaces, breaking lines before a word that
// would pass the limit.
class LineWrapper {
 public:
  LineWrapper(std::string& out, int max_length) : out_(out), max_(size_t(max_length)) {}

  void word(std::string_view w) {
    if (w.empty()) return;
    if (length_ > 0 && length_ + 1 + w.size() > max_) {
      out_ += '\n';
      length_ = 0;
    }
    if (length_ > 0) {
      out_ += ' ';
      ++length_;
    }
    out_ += w;
    length_ += w.size();
  }

  // A comment's words, so that long comments wrap too.
  void comment(std::string_view text) {
    word("{");
    size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && text[i] == ' ') ++i;
      size_t start = i;
      while (i < text.size() && text[i] != ' ') ++i;
      word(text.substr(start, i - start));
    }
    word("}");
  }

 private:
  std::string& out_;
  size_t max_;
  size_t length_ = 0;
};

// Comment text as written: braces cannot be escaped inside a PGN comment, and
// whitespace other than single spaces is not kept by the reader anyway.
std::string comment_text(std::string_view comment, int64_t clock_ms) {
  std::string text;
  if (clock_ms != kNoClock && !find_clock_ms(comment)) {
    text = "[%clk " + format_clock(clock_ms) + "]";
    if (!comment.empty()) text += ' ';
  }
  for (char c : comment) text += c == '}' ? ')' : (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  return text;
}

void write_tags(std::string& out, const Game& game, const WriterOptions& options) {
  for (const RosterTag& t : kRoster) {
    if (auto value = game.tag(t.name)) {
      write_tag(out, t.name, *value);
    } else if (options.complete_roster) {
      write_tag(out, t.name, t.name == "Result" ? result_token(game.result()) : t.missing);
    }
  }
  // A game built from a position needs its FEN (and Variant for Chess960).
  const core::Position& start = game.start_position();
  bool needs_fen = game.chess960() || core::to_fen(start) != core::kStartFen;
  if (game.chess960() && !game.tag("Variant")) write_tag(out, "Variant", "Chess960");
  if (needs_fen && !game.tag("FEN")) {
    if (!game.tag("SetUp")) write_tag(out, "SetUp", "1");
    write_tag(out, "FEN",
              core::to_fen(start, game.chess960() ? core::CastlingNotation::XFen
                                                  : core::CastlingNotation::Auto));
  }
  for (size_t i = 0; i < game.tag_count(); ++i)
    if (!is_roster(game.tag_name(i))) write_tag(out, game.tag_name(i), game.tag_value(i));
}

}  // namespace

std::string escape_tag_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

std::string write_game(const Game& game, const WriterOptions& options) {
  std::string out;
  write_tags(out, game, options);
  out += '\n';

  LineWrapper wrap(out, options.max_line_length);
  if (!game.leading_comment().empty()) wrap.comment(comment_text(game.leading_comment(), kNoClock));
  int number = game.start_position().fullmove_number();
  core::Color side = game.start_position().side_to_move();
  bool need_number = true;  // black's move number: at the start and after a comment
  std::string unit;
  for (size_t i = 0; i < game.ply_count(); ++i) {
    unit.clear();
    if (side == core::Color::White) {
      unit = std::to_string(number) + ". ";
    } else if (need_number) {
      unit = std::to_string(number) + "... ";
    }
    unit += game.san(i);
    wrap.word(unit);  // the number stays with its move
    for (uint8_t nag : game.nags(i)) {
      unit.assign(1, '$');
      unit += std::to_string(nag);
      wrap.word(unit);
    }
    need_number = false;
    if (!game.comment(i).empty() || game.clock_ms(i) != kNoClock) {
      wrap.comment(comment_text(game.comment(i), game.clock_ms(i)));
      need_number = true;
    }
    if (side == core::Color::Black) ++number;
    side = ~side;
  }
  wrap.word(result_token(game.result()));
  out += "\n\n";
  return out;
}

void write_game(std::ostream& out, const Game& game, const WriterOptions& options) {
  out << write_game(game, options);
}

}  // namespace arbiter::pgn
