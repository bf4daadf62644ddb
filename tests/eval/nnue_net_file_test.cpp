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

// A net of another shape (what the trainer grows from): the engine's loader
// refuses it, the any-shape reader gives its arrays at their own sizes, and it
// still checks the hash, the size and the output bound for that shape.
TEST(NnueNetFile, TheAnyShapeReaderReadsSmallerNetsTheEngineRefuses) {
  constexpr int kSmallHidden = kHiddenMultiple, kBuckets = 2;
  QuantisedNet small = QuantisedNet::zeroed(kSmallHidden, kBuckets);
  for (size_t i = 0; i < small.feature_weights.size(); ++i)
    small.feature_weights[i] = int16_t(i % 97) - 48;
  small.output_weights.back() = -kMaxOutputWeight;
  small.output_bias[1] = 12345;
  const std::vector<uint8_t> bytes = serialize_net(small);
  EXPECT_EQ(bytes.size(), net_file_size(kSmallHidden, kBuckets));
  expect_rejected(bytes, "architecture hash");

  auto read = parse_net_of_any_shape(bytes);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->feature_bias.size(), size_t(kSmallHidden));
  EXPECT_EQ(read->output_bias.size(), size_t(kBuckets));
  EXPECT_EQ(serialize_net(read.value()), bytes);

  // The engine's own shape reads the same either way.
  EXPECT_EQ(serialize_net(parse_net_of_any_shape(valid_bytes()).value()), valid_bytes());

  auto hash = bytes;
  put_u32(hash, kArchHashOffset, architecture_hash());  // the engine's, not this shape's
  EXPECT_FALSE(parse_net_of_any_shape(hash));
  auto odd_width = bytes;
  put_u32(odd_width, kHiddenOffset, kHiddenMultiple + 1);
  put_u32(odd_width, kArchHashOffset, architecture_hash(kHiddenMultiple + 1, kBuckets));
  auto odd = parse_net_of_any_shape(odd_width);
  ASSERT_FALSE(odd);
  EXPECT_NE(odd.error().find("can be built for"), std::string::npos) << odd.error();
  EXPECT_FALSE(parse_net_of_any_shape(std::vector<uint8_t>(bytes.begin(), bytes.end() - 2)));
  QuantisedNet too_heavy = small;
  too_heavy.output_weights[3] = kMaxOutputWeight + 1;
  EXPECT_FALSE(parse_net_of_any_shape(serialize_net(too_heavy)));
}

// Every input layout round-trips with its rows; the plain layout keeps the hash
// nets had before layouts (the embedded net loads by it), the others have their
// own, and a number no engine knows is refused by name.
TEST(NnueNetFile, InputLayoutsRoundTripAndHashApart) {
  EXPECT_EQ(architecture_hash(kHidden, kOutputBuckets, InputLayout::Plain), architecture_hash());
  EXPECT_NE(architecture_hash(kHidden, kOutputBuckets, InputLayout::Mirrored), architecture_hash());
  EXPECT_NE(architecture_hash(kHidden, kOutputBuckets, InputLayout::Kings4),
            architecture_hash(kHidden, kOutputBuckets, InputLayout::Mirrored));
  for (InputLayout layout : kInputLayouts) {
    SCOPED_TRACE(layout_name(layout));
    const QuantisedNet net = test::random_net(3, layout);
    const std::vector<uint8_t> bytes = serialize_net(net);
    EXPECT_EQ(bytes.size(), net_file_size(kHidden, kOutputBuckets, layout));
    EXPECT_EQ(net.feature_weights.size(), size_t(input_rows(layout)) * kHidden);
    auto parsed = parse_net(bytes);
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(parsed->layout(), layout);
    EXPECT_EQ(serialize_net(parsed.value()), bytes);
  }
  constexpr size_t kLayoutOffset = 28;
  auto unknown = serialize_net(test::random_net(3, InputLayout::Mirrored));
  put_u32(unknown, kLayoutOffset, 77);
  expect_rejected(unknown, "input layout 77");
  // A mirrored net's bytes claiming the plain layout fail the hash.
  auto relabelled = serialize_net(test::random_net(3, InputLayout::Mirrored));
  put_u32(relabelled, kLayoutOffset, uint32_t(InputLayout::Plain));
  expect_rejected(relabelled, "architecture hash");
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
