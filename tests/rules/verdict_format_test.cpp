// Verdict formatting: the JSON line's fields and escaping, and the text form.
#include <gtest/gtest.h>

#include "arbiter/rules/verdict_format.h"
#include "game_helpers.h"

namespace arbiter::rules {
namespace {

using test::play;

TEST(VerdictFormat, JsonStringEscaping) {
  std::string out;
  append_json_string(out, "a\"b\\c\nd\te\x01\x1f\r\b\f é");
  EXPECT_EQ(out, R"("a\"b\\c\nd\te\u0001\u001f\r\b\f é")");
}

TEST(VerdictFormat, JsonStringKeepsUtf8AndReplacesMalformedBytes) {
  std::string out;
  // Valid 2-, 3- and 4-byte sequences pass through.
  append_json_string(out, "\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  EXPECT_EQ(out, "\"\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
  // Latin-1, a lone continuation byte, an overlong, a surrogate, a truncated
  // sequence: each bad byte becomes U+FFFD.
  out.clear();
  append_json_string(out, "M\xFCller \x80 \xC0\xAF \xED\xA0\x80 \xE2\x82");
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(out, "\"M" + r + "ller " + r + " " + r + r + " " + r + r + r + " " + r + r + "\"");
}

TEST(VerdictFormat, JsonOfACheckmate) {
  Game game;
  play(game, "f2f3 e7e5 g2g4 d8h4");
  EXPECT_EQ(to_json(make_verdict(game)),
            R"({"result":"0-1","reason":"checkmate","article":"5.1.1","ply":4,"move":"Qh4#",)"
            R"("rules":"fide-2023","claims":[],"penalties":[],"recorded":null,"agrees":null,)"
            R"("undecided":false,"ambiguous":false,"error":null})");
}

TEST(VerdictFormat, JsonOfAnOngoingGameWithClaimsPenaltiesAndLabels) {
  Game game;
  play(game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  game.claim_draw(core::Color::Black);
  Verdict v = make_verdict(game);
  v.labels = {{"game", "3"}, {"white", "A \"quoted\" name"}};
  v.recorded = "1/2-1/2";
  v.agrees = false;
  EXPECT_EQ(to_json(v),
            R"({"game":"3","white":"A \"quoted\" name","result":"*","reason":"none",)"
            R"("article":null,"ply":8,"move":null,"rules":"fide-2023",)"
            R"("claims":[{"type":"threefold","ply":7,"side":"black","move":"Ng8"}],)"
            R"("penalties":[{"type":"incorrect-claim","ply":8,"side":"black",)"
            R"("opponent_bonus_seconds":120,"offender_cut_max_seconds":0,"article":"9.5.3"}],)"
            R"("recorded":"1/2-1/2","agrees":false,"undecided":false,"ambiguous":false,)"
            R"("error":null})");
}

TEST(VerdictFormat, ErrorVerdict) {
  const Verdict v = error_verdict("fide-2014", "line 3: bad \"move\"");
  const std::string json = to_json(v);
  EXPECT_NE(json.find(R"("result":"*","reason":"none")"), std::string::npos);
  EXPECT_NE(json.find(R"("rules":"fide-2014")"), std::string::npos);
  EXPECT_NE(json.find(R"("error":"line 3: bad \"move\""})"), std::string::npos);
  EXPECT_EQ(to_text(v), "error: line 3: bad \"move\"\n");
}

TEST(VerdictFormat, TextNamesResultReasonArticlePlyAndClaims) {
  Game game({.edition = Edition::Fide2014});
  play(game, test::repeat(test::kKnightShuffle, 4));
  const std::string text = to_text(make_verdict(game));
  EXPECT_NE(text.find("result: 1/2-1/2 (fivefold-repetition, fide-2014 article 9.6a)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("ply: 16, ended by Ng8"), std::string::npos) << text;
  EXPECT_NE(text.find("claims available: threefold by black at ply 7 announcing Ng8"),
            std::string::npos)
      << text;
}

TEST(VerdictFormat, ResultAndReasonNamesRoundTrip) {
  for (int i = 0; i < kNumReasons; ++i) EXPECT_EQ(parse_reason(reason_name(Reason(i))), Reason(i));
  for (const char* r : {"1-0", "0-1", "1/2-1/2", "*"})
    EXPECT_EQ(result_name(parse_result(r).value()), r);
  EXPECT_EQ(reason_name(Reason::SeventyFiveMoves), "seventyfive-moves");
  EXPECT_EQ(reason_name(Reason::FiftyMovesClaim), "fifty-moves-claim");
  EXPECT_EQ(reason_name(Reason::TimeForfeit), "time-forfeit");
}

}  // namespace
}  // namespace arbiter::rules
