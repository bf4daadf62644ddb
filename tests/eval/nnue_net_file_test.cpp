// The net file: a round trip keeps every byte, and each kind of bad file is
// rejected with a message naming the problem.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "arbiter/eval/nnue_net_file.h"
#include "eval/nnue_test_net.h"

namespace arbiter::eval::nnue {
namespace {

constexpr size_t kVersionOffset = 8, kArchHashOffset = 12, kHiddenOffset = 20;

std::vector<uint8_t> valid_bytes() { return serialize_net(test::random_net(1)); }

void put_u32(std::vector<uint8_t>& bytes, size_t offset, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[offset + size_t(i)] = uint8_t(v >> (8 * i));
}

void expect_rejected(const std::vector<uint8_t>& bytes, const std::string& words) {
  auto r = parse_net(bytes);
  ASSERT_FALSE(r.ok()) << "accepted, expected: " << words;
  EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
}

TEST(NnueNetFile, SerializeParseRoundTrip) {
  const QuantisedNet net = test::random_net(7);
  const std::vector<uint8_t> bytes = serialize_net(net);
  ASSERT_EQ(bytes.size(), kNetFileSize);
  auto parsed = parse_net(bytes);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->feature_weights, net.feature_weights);
  EXPECT_EQ(parsed->feature_bias, net.feature_bias);
  EXPECT_EQ(parsed->output_weights, net.output_weights);
  EXPECT_EQ(parsed->output_bias, net.output_bias);
  EXPECT_EQ(parsed->header.description, net.header.description);
  EXPECT_EQ(serialize_net(parsed.value()), bytes);
}

TEST(NnueNetFile, SaveAndLoadFile) {
  const std::string path = testing::TempDir() + "/arbiter_roundtrip.nnue";
  const QuantisedNet net = test::random_net(8);
  ASSERT_TRUE(save_net_file(net, path).ok());
  auto loaded = load_net_file(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(serialize_net(loaded.value()), serialize_net(net));
  std::remove(path.c_str());
  auto missing = load_net_file(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos) << missing.error();
}

TEST(NnueNetFile, RejectsBadMagic) {
  auto bytes = valid_bytes();
  bytes[0] = 'X';
  expect_rejected(bytes, "bad magic");
}

TEST(NnueNetFile, RejectsOtherVersion) {
  auto bytes = valid_bytes();
  put_u32(bytes, kVersionOffset, kNetFormatVersion + 1);
  expect_rejected(bytes, "version");
}

TEST(NnueNetFile, RejectsOtherArchitecture) {
  auto bytes = valid_bytes();
  put_u32(bytes, kArchHashOffset, architecture_hash() ^ 1);
  expect_rejected(bytes, "architecture hash");
}

TEST(NnueNetFile, RejectsOtherShape) {
  auto bytes = valid_bytes();
  put_u32(bytes, kHiddenOffset, kHidden * 2);
  expect_rejected(bytes, "shape");
}

TEST(NnueNetFile, RejectsTruncatedAndOversized) {
  auto bytes = valid_bytes();
  expect_rejected(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 10), "truncated");
  expect_rejected(std::vector<uint8_t>(bytes.begin(), bytes.end() - 1), "truncated");
  bytes.push_back(0);
  expect_rejected(bytes, "oversized");
}

TEST(NnueNetFile, RejectsOutputWeightsTheSimdCannotMultiplyExactly) {
  QuantisedNet net = test::random_net(2);
  net.output_weights[5] = kMaxOutputWeight + 1;
  expect_rejected(serialize_net(net), "output weight 5");
}

TEST(NnueNetFile, ReferenceIsSideToMoveRelative) {
  // With every weight zero but the output bias, the score is the bias on the
  // eval scale, for either side to move.
  QuantisedNet net = QuantisedNet::zeroed();
  net.output_bias[0] = kQA * kQB;  // 1.0 in float: kEvalScale centipawns
  core::Position pos = core::Position::start_position();
  EXPECT_EQ(evaluate_reference(net, pos), kEvalScale);
}

}  // namespace
}  // namespace arbiter::eval::nnue
