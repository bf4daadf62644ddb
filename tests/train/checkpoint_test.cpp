// Checkpoint files: a round trip keeps every float bit and the run's position;
// damaged files are refused with a reason.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "arbiter/train/checkpoint.h"
#include "test_support.h"

namespace arbiter::train {
namespace {

TrainingState sample_state() {
  TrainingState state(FloatModel(16, 2), kDefaultWeightDecay);
  state.model.initialise(3);
  state.seed = 42;
  state.epochs_done = 7;
  state.optimiser.set_steps(1234);
  for (size_t i = 0; i < state.model.parameter_count(); ++i) {
    state.optimiser.first_moment()[i] = float(i) * 1e-3f;
    state.optimiser.second_moment()[i] = float(i) * 1e-6f;
  }
  return state;
}

TEST(Checkpoint, RoundTripKeepsWeightsMomentsAndProgress) {
  const std::string path = test::temp_file("arbiter_checkpoint_roundtrip.ckpt");
  const TrainingState state = sample_state();
  ASSERT_TRUE(save_checkpoint(state, path));
  auto loaded = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_TRUE(loaded->model == state.model);
  EXPECT_EQ(loaded->optimiser.first_moment(), state.optimiser.first_moment());
  EXPECT_EQ(loaded->optimiser.second_moment(), state.optimiser.second_moment());
  EXPECT_EQ(loaded->optimiser.steps(), 1234u);
  EXPECT_EQ(loaded->epochs_done, 7);
  EXPECT_EQ(loaded->seed, 42u);
  std::remove(path.c_str());
}

// The input layout travels with the weights; a version-1 file (before layouts:
// the same bytes without the layout field) still reads, as plain.
TEST(Checkpoint, KeepsTheInputLayoutAndReadsVersionOneAsPlain) {
  const std::string path = test::temp_file("arbiter_checkpoint_layout.ckpt");
  TrainingState kings(FloatModel(16, 1, eval::nnue::InputLayout::Kings4), kDefaultWeightDecay);
  kings.model.initialise(5);
  ASSERT_TRUE(save_checkpoint(kings, path));
  auto loaded = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(loaded->model.layout(), eval::nnue::InputLayout::Kings4);
  EXPECT_TRUE(loaded->model == kings.model);

  constexpr size_t kVersionOffset = 8, kVersionOneHeader = 48, kLayoutField = 8;
  ASSERT_TRUE(save_checkpoint(sample_state(), path));
  std::vector<char> bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  bytes.erase(bytes.begin() + kVersionOneHeader, bytes.begin() + kVersionOneHeader + kLayoutField);
  bytes[kVersionOffset] = 1;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
  }
  auto old = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_TRUE(old) << old.error();
  EXPECT_EQ(old->model.layout(), eval::nnue::InputLayout::Plain);
  EXPECT_TRUE(old->model == sample_state().model);
  std::remove(path.c_str());
}

TEST(Checkpoint, RefusesMissingTruncatedAndForeignFiles) {
  EXPECT_FALSE(load_checkpoint(test::temp_file("arbiter_no_such.ckpt"), kDefaultWeightDecay));
  const std::string path = test::temp_file("arbiter_checkpoint_damaged.ckpt");
  ASSERT_TRUE(save_checkpoint(sample_state(), path));
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 4);
  auto truncated = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos);
  std::ofstream(path, std::ios::binary) << "not a checkpoint at all, just some text here......";
  auto foreign = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().find("not an arbiter checkpoint"), std::string::npos);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace arbiter::train
