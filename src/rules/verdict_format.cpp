// Verdict formatting: JSON (one object per line, for scripts) and text.
#include "arbiter/rules/verdict_format.h"

#include <charconv>
#include <iterator>
#include <limits>

namespace arbiter::rules {

namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr unsigned char kFirstPrintable = 0x20;
constexpr unsigned char kFirstNonAscii = 0x80;
constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
constexpr size_t kTypicalJsonBytes = 256;                      // a verdict without claims or labels

// Length of the well-formed UTF-8 sequence at the start of `s` (whose first byte
// is not ASCII), or 0 if it is not one (RFC 3629: no overlongs, no surrogates,
// nothing above U+10FFFF).
size_t utf8_sequence_length(std::string_view s) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = byte(0);
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
  for (size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return n;
}

void append_key(std::string& out, std::string_view key) {
  append_json_string(out, key);
  out += ':';
}

void append_string_or_null(std::string& out, std::string_view key, std::string_view value) {
  append_key(out, key);
  if (value.empty())
    out += "null";
  else
    append_json_string(out, value);
}

void append_number(std::string& out, long long value) {
  char digits[std::numeric_limits<long long>::digits10 + 2];  // sign and rounding
  const auto [end, error] = std::to_chars(std::begin(digits), std::end(digits), value);
  out.append(digits, end);
}

void append_int(std::string& out, std::string_view key, long long value) {
  append_key(out, key);
  append_number(out, value);
}

void append_bool(std::string& out, std::string_view key, bool value) {
  append_key(out, key);
  out += value ? "true" : "false";
}

void append_claims(std::string& out, const std::vector<ClaimRecord>& claims) {
  append_key(out, "claims");
  out += '[';
  for (size_t i = 0; i < claims.size(); ++i) {
    const ClaimRecord& c = claims[i];
    if (i) out += ',';
    out += '{';
    append_key(out, "type");
    append_json_string(out, claim_type_name(c.type));
    out += ',';
    append_int(out, "ply", c.ply);
    out += ',';
    append_key(out, "side");
    append_json_string(out, color_name(c.side));
    out += ',';
    append_string_or_null(out, "move", c.move_san);
    out += '}';
  }
  out += ']';
}

void append_penalties(std::string& out, const std::vector<TimePenalty>& penalties) {
  append_key(out, "penalties");
  out += '[';
  for (size_t i = 0; i < penalties.size(); ++i) {
    const TimePenalty& p = penalties[i];
    if (i) out += ',';
    out += '{';
    append_key(out, "type");
    append_json_string(out, penalty_cause_name(p.cause));
    out += ',';
    append_int(out, "ply", p.ply);
    out += ',';
    append_key(out, "side");
    append_json_string(out, color_name(p.offender));
    out += ',';
    append_int(out, "opponent_bonus_seconds", p.opponent_bonus_seconds);
    out += ',';
    append_int(out, "offender_cut_max_seconds", p.offender_cut_max_seconds);
    out += ',';
    append_string_or_null(out, "article", p.article);
    out += '}';
  }
  out += ']';
}

std::string describe_claim(const ClaimRecord& c) {
  std::string s = std::string(claim_type_name(c.type)) + " by " + std::string(color_name(c.side)) +
                  " at ply " + std::to_string(c.ply);
  s += c.move.is_ok() ? " announcing " + c.move_san : std::string(" now");
  return s;
}

}  // namespace

std::string_view color_name(core::Color c) { return c == core::Color::White ? "white" : "black"; }

std::string_view penalty_cause_name(PenaltyCause cause) {
  return cause == PenaltyCause::IllegalMove ? "illegal-move" : "incorrect-claim";
}

Verdict make_verdict(const Game& game) {
  Verdict v;
  v.rules = game.ruleset().name;
  v.outcome = game.outcome();
  if (!v.outcome.finished()) v.outcome.ply = game.ply();
  v.claims.assign(game.claim_records().begin(), game.claim_records().end());
  v.penalties = game.penalties();
  return v;
}

Verdict error_verdict(std::string_view rules, std::string message) {
  Verdict v;
  v.rules = rules;
  v.error = std::move(message);
  return v;
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  // Most text (names, SAN, articles) needs no escape: copied in one piece.
  size_t clean = 0;
  while (clean < text.size()) {
    const auto c = static_cast<unsigned char>(text[clean]);
    if (c < kFirstPrintable || c >= kFirstNonAscii || c == '"' || c == '\\') break;
    ++clean;
  }
  out.append(text, 0, clean);
  for (size_t i = clean; i < text.size(); ++i) {
    const char ch = text[i];
    const auto c = static_cast<unsigned char>(ch);
    if (c >= kFirstNonAscii) {
      // Valid UTF-8 passes through; any other byte (PGN files are not always
      // UTF-8) becomes U+FFFD so that every line stays valid JSON.
      const size_t n = utf8_sequence_length(text.substr(i));
      if (n == 0) {
        out += kReplacementChar;
      } else {
        out.append(text, i, n);
        i += n - 1;
      }
      continue;
    }
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < kFirstPrintable) {
          out += "\\u00";
          out += kHexDigits[c >> 4];
          out += kHexDigits[c & 0xF];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

std::string to_json(const Verdict& v) {
  std::string out;
  out.reserve(kTypicalJsonBytes);
  out += '{';
  append_json_fields(out, v);
  out += '}';
  return out;
}

void append_json_fields(std::string& out, const Verdict& v) {
  for (const auto& [key, value] : v.labels) {
    append_key(out, key);
    append_json_string(out, value);
    out += ',';
  }
  append_key(out, "result");
  append_json_string(out, result_name(v.outcome.result));
  out += ',';
  append_key(out, "reason");
  append_json_string(out, reason_name(v.outcome.reason));
  out += ',';
  append_string_or_null(out, "article", v.outcome.article);
  out += ',';
  append_int(out, "ply", v.outcome.ply);
  out += ',';
  append_string_or_null(out, "move", v.outcome.move_san);
  out += ',';
  append_string_or_null(out, "rules", v.rules);
  out += ',';
  append_claims(out, v.claims);
  out += ',';
  append_penalties(out, v.penalties);
  out += ',';
  append_key(out, "recorded");
  if (v.recorded)
    append_json_string(out, *v.recorded);
  else
    out += "null";
  out += ',';
  append_key(out, "agrees");
  out += v.agrees ? (*v.agrees ? "true" : "false") : "null";
  out += ',';
  append_bool(out, "undecided", v.outcome.undecided);
  out += ',';
  append_bool(out, "ambiguous", v.outcome.ambiguous_wording);
  out += ',';
  append_key(out, "error");
  if (v.error)
    append_json_string(out, *v.error);
  else
    out += "null";
}

std::string to_text(const Verdict& v) {
  std::string out;
  for (const auto& [key, value] : v.labels) out += key + ": " + value + "\n";
  if (v.error) {
    out += "error: " + *v.error + "\n";
    return out;
  }
  const Outcome& o = v.outcome;
  out += "result: " + std::string(result_name(o.result));
  if (o.finished()) {
    out += " (" + std::string(reason_name(o.reason));
    if (!o.article.empty())
      out += ", " + std::string(v.rules) + " article " + std::string(o.article);
    out += ")";
  } else {
    out += " (game goes on)";
  }
  out += "\nply: " + std::to_string(o.ply);
  if (!o.move_san.empty()) out += ", ended by " + o.move_san;
  out += "\n";
  if (o.undecided) out += "note: an unwinnability analysis was undecided (taken as winnable)\n";
  if (o.ambiguous_wording) out += "note: depends on an ambiguously worded article\n";
  out += "claims available:";
  if (v.claims.empty()) out += " none";
  for (size_t i = 0; i < v.claims.size(); ++i)
    out += (i ? "; " : " ") + describe_claim(v.claims[i]);
  out += "\n";
  for (const TimePenalty& p : v.penalties)
    out += "penalty: " + std::string(penalty_cause_name(p.cause)) + " by " +
           std::string(color_name(p.offender)) + " at ply " + std::to_string(p.ply) +
           ", opponent +" + std::to_string(p.opponent_bonus_seconds) + " s (article " +
           std::string(p.article) + ")\n";
  if (v.recorded)
    out += "recorded: " + *v.recorded +
           (v.agrees ? (*v.agrees ? " (agrees)" : " (disagrees)") : std::string()) + "\n";
  return out;
}

}  // namespace arbiter::rules
