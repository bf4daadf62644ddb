// EvalFile and UseNNUE over UCI: a good file is loaded and used by "eval"; a
// missing, truncated or mismatched file is answered with the reason and the
// current net stays; UseNNUE switches the same binary to the hand-written eval.
#include <gtest/gtest.h>

#include <fstream>

#include "eval/nnue_test_net.h"
#include "uci/uci_session.h"

namespace arbiter::test {
namespace {

// The "info string evaluation: ..." line and the static eval line of "eval".
struct EvalReply {
  std::string evaluation;
  std::string score;
};

EvalReply eval_reply(UciSession& s) {
  EvalReply r;
  for (const std::string& l : s.replies_to("eval")) {
    if (starts_with(l, "info string evaluation: ")) r.evaluation = l;
    if (starts_with(l, "info string static eval ")) r.score = field(l, "eval");
  }
  return r;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}

TEST(UciEvalFile, BadFilesKeepTheCurrentNet) {
  const eval::nnue::QuantisedNet net = random_net(21);
  const std::string good = testing::TempDir() + "/arbiter_uci_good.nnue";
  const std::string truncated = testing::TempDir() + "/arbiter_uci_truncated.nnue";
  const std::string mismatched = testing::TempDir() + "/arbiter_uci_mismatched.nnue";
  ASSERT_TRUE(eval::nnue::save_net_file(net, good).ok());
  {
    std::vector<uint8_t> bytes = eval::nnue::serialize_net(net);
    std::ofstream(truncated, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size() / 2));
    bytes[12] ^= 0xff;  // the architecture hash
    std::ofstream(mismatched, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }

  UciSession s;
  auto handshake = s.handshake();
  EXPECT_TRUE(any_contains(handshake, "option name EvalFile type string default <embedded>"));
  EXPECT_TRUE(any_contains(handshake, "option name UseNNUE type check"));

  auto loaded = s.replies_to("setoption name EvalFile value " + good);
  ASSERT_TRUE(any_contains(loaded, "EvalFile loaded")) << (loaded.empty() ? "" : loaded[0]);
  const EvalReply with_net = eval_reply(s);
  ASSERT_TRUE(with_net.evaluation.find("NNUE 'test net 21'") != std::string::npos)
      << with_net.evaluation;
  const core::Position start = core::Position::start_position();
  EXPECT_EQ(with_net.score, std::to_string(eval::nnue::evaluate_reference(net, start)));

  const std::pair<std::string, std::string> bad[] = {
      {testing::TempDir() + "/arbiter_no_such.nnue", "cannot open"},
      {truncated, "truncated"},
      {mismatched, "architecture hash"}};
  for (const auto& [path, reason] : bad) {
    auto reply = s.replies_to("setoption name EvalFile value " + path);
    EXPECT_TRUE(any_contains(reply, "keeping the current net")) << path;
    EXPECT_TRUE(any_contains(reply, reason)) << path << ": " << (reply.empty() ? "" : reply[0]);
    const EvalReply after = eval_reply(s);
    EXPECT_EQ(after.evaluation, with_net.evaluation) << path;
    EXPECT_EQ(after.score, with_net.score) << path;
  }

  s.send("setoption name UseNNUE value false");
  EXPECT_TRUE(starts_with(eval_reply(s).evaluation, "info string evaluation: hand-written"));
  s.send("setoption name UseNNUE value true");
  EXPECT_EQ(eval_reply(s).evaluation, with_net.evaluation);
  // A search runs with the net and answers normally.
  EXPECT_FALSE(bestmove_of(s.go("go depth 6")).empty());
  for (const std::string& path : {good, truncated, mismatched}) std::remove(path.c_str());
}

}  // namespace
}  // namespace arbiter::test
