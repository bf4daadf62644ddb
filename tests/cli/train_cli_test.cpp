// arbiter train end to end: a small data file in, a net file of the
// architecture's exact size out, a checkpoint per epoch, a resumable run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "arbiter/datagen/data_file.h"
#include "arbiter/eval/nnue_architecture.h"
#include "arbiter/eval/nnue_net_file.h"
#include "arbiter/train/synthetic_data.h"
#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter {
namespace {

using test::quote;
using test::run_arbiter_args;
using test::scratch_path;

// A data file holding synthetic records as whole "games" of 100 positions.
std::string write_data_file(size_t positions) {
  const std::string path = scratch_path("train.bin");
  auto writer = datagen::DataWriter::open(path, "synthetic material records");
  EXPECT_TRUE(writer) << writer.error();
  const auto records = train::synthetic_material_records(positions, 17);
  constexpr size_t kGameLength = 100;
  for (size_t begin = 0; begin < records.size(); begin += kGameLength) {
    std::vector<datagen::PackedPosition> game(
        records.begin() + begin, records.begin() + std::min(records.size(), begin + kGameLength));
    EXPECT_TRUE(writer.value().append_game(game, datagen::WdlResult::Draw));
  }
  return path;
}

TEST(TrainCli, WritesNetAndCheckpointAndResumes) {
  const std::string data = write_data_file(4000);
  const std::string net = scratch_path("net.nnue");
  const std::string common = "train --data " + quote(data) + " --out " + quote(net) +
                             " --batch 512 --threads 2 --description cli-test";
  auto first = run_arbiter_args(common + " --epochs 1");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("read 4000 positions"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("epoch 1/1: train loss"), std::string::npos) << first.out;
  EXPECT_EQ(std::filesystem::file_size(net), eval::nnue::kNetFileSize);
  auto loaded = eval::nnue::load_net_file(net);  // the engine's loader accepts it
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(std::string(loaded->header.description.data()), "cli-test");
  ASSERT_TRUE(std::filesystem::exists(net + ".ckpt"));

  auto resumed = run_arbiter_args(common + " --epochs 2 --resume " + quote(net + ".ckpt"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("resuming"), std::string::npos) << resumed.out;
  EXPECT_EQ(resumed.out.find("epoch 1/2"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("epoch 2/2: train loss"), std::string::npos) << resumed.out;
  for (const std::string& path : {data, net, net + ".ckpt"}) std::filesystem::remove(path);
}

using test::file_bytes;

TEST(TrainCli, KeepBestWritesTheEpochWithTheLowestValidationLoss) {
  const std::string data = write_data_file(4000);
  const std::string net = scratch_path("best.nnue");
  const std::string common = "train --data " + quote(data) + " --out " + quote(net) +
                             " --batch 512 --val-fraction 0.1 --keep-best";
  auto run = run_arbiter_args(common + " --epochs 2");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Loss falls on this data, so epoch 1 and then epoch 2 are each the best so far.
  EXPECT_NE(run.out.find("best so far: epoch 1"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("best so far: epoch 2"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("kept epoch 2"), std::string::npos) << run.out;
  ASSERT_TRUE(eval::nnue::load_net_file(net));
  EXPECT_EQ(file_bytes(net + ".best").rfind("epoch 2 validation-loss ", 0), 0u);

  // A resumed run compares against the recorded best: nothing beats a loss of 0,
  // so the net from epoch 2 stays as it was.
  const std::string kept = file_bytes(net);
  std::ofstream(net + ".best") << "epoch 2 validation-loss 0\n";
  auto resumed = run_arbiter_args(common + " --epochs 3 --resume " + quote(net + ".ckpt"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.out.find("best so far"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("kept epoch 2"), std::string::npos) << resumed.out;
  EXPECT_EQ(file_bytes(net), kept);

  auto no_validation = run_arbiter_args("train --data " + quote(data) + " --out " + quote(net) +
                                        " --val-fraction 0 --keep-best");
  EXPECT_EQ(no_validation.exit_code, 2);
  EXPECT_NE(no_validation.err.find("--keep-best"), std::string::npos) << no_validation.err;
  for (const std::string& path : {data, net, net + ".ckpt", net + ".best"})
    std::filesystem::remove(path);
}

// --init starts from an existing net's weights: with a learning rate of 0 they
// never move, so the net written is the one read, byte for byte (the header's
// description aside, which is the same here).
TEST(TrainCli, InitStartsFromAnExistingNet) {
  const std::string data = write_data_file(2000);
  const std::string first = scratch_path("init-first.nnue");
  const std::string second = scratch_path("init-second.nnue");
  const std::string common = "train --data " + quote(data) + " --batch 512 --description init";
  auto trained = run_arbiter_args(common + " --epochs 1 --out " + quote(first));
  ASSERT_EQ(trained.exit_code, 0) << trained.err;
  auto again = run_arbiter_args(common + " --epochs 1 --lr 0 --init " + quote(first) + " --out " +
                                quote(second));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("starting from"), std::string::npos) << again.out;
  EXPECT_EQ(file_bytes(second), file_bytes(first));

  auto both = run_arbiter_args(common + " --out " + quote(second) + " --init " + quote(first) +
                               " --resume " + quote(first + ".ckpt"));
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--init"), std::string::npos) << both.err;
  auto not_a_net = run_arbiter_args(common + " --out " + quote(second) + " --init " + quote(data));
  EXPECT_EQ(not_a_net.exit_code, 1);
  EXPECT_NE(not_a_net.err.find(data), std::string::npos) << not_a_net.err;
  for (const std::string& path : {data, first, first + ".ckpt", second, second + ".ckpt"})
    std::filesystem::remove(path);
}

// --init with a net narrower than the architecture grows it (grow_model): with a
// learning rate of 0 the net written keeps the small net's units and biases
// exactly, and its new units have no output weight.
TEST(TrainCli, InitGrowsANarrowerNet) {
  namespace nnue = eval::nnue;
  constexpr int kSmallHidden = nnue::kHiddenMultiple;
  static_assert(kSmallHidden < nnue::kHidden);
  nnue::QuantisedNet small = nnue::QuantisedNet::zeroed(kSmallHidden, 1);
  for (size_t i = 0; i < small.feature_weights.size(); ++i)
    small.feature_weights[i] = int16_t(int(i % 41) - 20);
  for (size_t i = 0; i < small.output_weights.size(); ++i)
    small.output_weights[i] = int16_t(int(i % 21) - 10);
  small.output_bias[0] = 777;
  const std::string small_path = scratch_path("grow-small.nnue");
  ASSERT_TRUE(nnue::save_net_file(small, small_path));
  const std::string data = write_data_file(1000);
  const std::string grown_path = scratch_path("grow-wide.nnue");
  auto run = run_arbiter_args("train --data " + quote(data) + " --batch 512 --epochs 1 --lr 0" +
                              " --init " + quote(small_path) + " --out " + quote(grown_path));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("grew"), std::string::npos) << run.out;
  auto grown = nnue::load_net_file(grown_path);  // the engine's shape
  ASSERT_TRUE(grown) << grown.error();
  const nnue::QuantisedNet& wide = grown.value();
  for (int feature = 0; feature < nnue::kInputs; ++feature)
    for (int unit = 0; unit < kSmallHidden; ++unit)
      ASSERT_EQ(wide.feature_weights[size_t(feature) * nnue::kHidden + unit],
                small.feature_weights[size_t(feature) * kSmallHidden + unit]);
  for (int half = 0; half < 2; ++half)
    for (int unit = 0; unit < nnue::kHidden; ++unit)
      EXPECT_EQ(wide.output_weights[size_t(half) * nnue::kHidden + unit],
                unit < kSmallHidden ? small.output_weights[size_t(half) * kSmallHidden + unit] : 0)
          << half << " " << unit;
  EXPECT_EQ(wide.output_bias[0], small.output_bias[0]);
  for (const std::string& path : {data, small_path, grown_path, grown_path + ".ckpt"})
    std::filesystem::remove(path);
}

// --inputs grows a plain net into king buckets: with a learning rate of 0 each
// bucket holds the plain rows, the net loads in the engine with its layout, and
// training on goes on in that layout (the checkpoint keeps it).
TEST(TrainCli, InputsGrowAPlainNetIntoKingBuckets) {
  namespace nnue = eval::nnue;
  const std::string data = write_data_file(1000);
  const std::string plain = scratch_path("inputs-plain.nnue");
  const std::string kings = scratch_path("inputs-kings4.nnue");
  const std::string common = "train --data " + quote(data) + " --batch 512 --epochs 1";
  ASSERT_EQ(run_arbiter_args(common + " --out " + quote(plain)).exit_code, 0);
  auto run = run_arbiter_args(common + " --lr 0 --init " + quote(plain) +
                              " --inputs kings4 --out " + quote(kings));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("into kings4 inputs"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("kings4 inputs, 1 thread"), std::string::npos) << run.out;
  auto from = nnue::load_net_file(plain);
  auto grown = nnue::load_net_file(kings);
  ASSERT_TRUE(from && grown) << grown.error();
  EXPECT_EQ(grown->layout(), nnue::InputLayout::Kings4);
  const size_t plain_weights = from->feature_weights.size();
  ASSERT_EQ(grown->feature_weights.size(), 4 * plain_weights);
  for (size_t bucket = 0; bucket < 4; ++bucket)
    EXPECT_TRUE(std::equal(from->feature_weights.begin(), from->feature_weights.end(),
                           grown->feature_weights.begin() + ptrdiff_t(bucket * plain_weights)))
        << "bucket " << bucket;
  EXPECT_EQ(grown->output_weights, from->output_weights);

  auto resumed = run_arbiter_args("train --data " + quote(data) + " --batch 512 --epochs 2" +
                                  " --resume " + quote(kings + ".ckpt") + " --out " + quote(kings));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(nnue::load_net_file(kings)->layout(), nnue::InputLayout::Kings4);
  auto other = run_arbiter_args("train --data " + quote(data) + " --batch 512 --epochs 3" +
                                " --inputs plain --resume " + quote(kings + ".ckpt") + " --out " +
                                quote(kings));
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.err.find("has kings4 inputs, not plain"), std::string::npos) << other.err;
  auto unknown = run_arbiter_args(common + " --inputs diagonal --out " + quote(kings));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("'diagonal'"), std::string::npos) << unknown.err;
  for (const std::string& path : {data, plain, plain + ".ckpt", kings, kings + ".ckpt"})
    std::filesystem::remove(path);
}

// --teacher: a net distilled towards its own evaluation misses its training
// targets only by their rounding (train loss 0 to six places), while the
// validation loss is still measured against the search scores, the same as a
// run without a teacher.
TEST(TrainCli, TeacherReplacesTheTrainingTargetsOnly) {
  const std::string data = write_data_file(2000);
  const std::string net = scratch_path("teacher.nnue");
  const std::string student = scratch_path("student.nnue");
  const std::string common = "train --data " + quote(data) + " --batch 512 --epochs 1";
  ASSERT_EQ(run_arbiter_args(common + " --out " + quote(net)).exit_code, 0);
  const std::string frozen = common + " --lr 0 --wdl 0 --val-fraction 0.1 --init " + quote(net) +
                             " --out " + quote(student);
  auto plain = run_arbiter_args(frozen);
  auto taught = run_arbiter_args(frozen + " --teacher " + quote(net));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  ASSERT_EQ(taught.exit_code, 0) << taught.err;
  EXPECT_NE(taught.out.find("training towards"), std::string::npos) << taught.out;
  EXPECT_NE(taught.out.find("train loss 0.000000"), std::string::npos) << taught.out;
  EXPECT_EQ(plain.out.find("train loss 0.000000"), std::string::npos) << plain.out;
  auto validation = [](const std::string& out) {
    const size_t at = out.find("validation loss ");
    return at == std::string::npos ? std::string() : out.substr(at, 24);
  };
  EXPECT_FALSE(validation(plain.out).empty()) << plain.out;
  EXPECT_EQ(validation(taught.out), validation(plain.out));

  auto missing = run_arbiter_args(common + " --out " + quote(student) + " --teacher " +
                                  quote(scratch_path("no-such-teacher.nnue")));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("--teacher"), std::string::npos) << missing.err;
  for (const std::string& path : {data, net, net + ".ckpt", student, student + ".ckpt"})
    std::filesystem::remove(path);
}

TEST(TrainCli, RefusesMissingDataAndBadOptions) {
  EXPECT_EQ(run_arbiter_args("train --out x.nnue").exit_code, 2);
  EXPECT_EQ(run_arbiter_args("train --data a --out b --lr-decay linear").exit_code, 2);
  auto missing = run_arbiter_args("train --data /nonexistent/file.bin --out " +
                                  quote(scratch_path("never.nnue")));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/file.bin"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace arbiter
