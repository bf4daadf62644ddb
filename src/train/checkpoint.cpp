// Checkpoint files: a fixed header and three float arrays.
#include "arbiter/train/checkpoint.h"

#include <array>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

namespace arbiter::train {

namespace {

static_assert(std::endian::native == std::endian::little,
              "checkpoints are written in the host's byte order, assumed little-endian");

constexpr std::array<char, 8> kCheckpointMagic = {'A', 'R', 'B', 'T', 'R', 'C', 'K', '\0'};
// Version 2 added the input layout after version 1's header; version 1 files
// (plain inputs) are still read.
constexpr uint32_t kCheckpointVersion = 2;
constexpr uint32_t kPlainOnlyVersion = 1;

struct CheckpointHeader {
  std::array<char, 8> magic = kCheckpointMagic;
  uint32_t version = kCheckpointVersion;
  uint32_t hidden = 0;
  uint32_t buckets = 0;
  uint32_t epochs_done = 0;
  uint64_t steps = 0;
  uint64_t seed = 0;
  uint64_t parameter_count = 0;
};
static_assert(sizeof(CheckpointHeader) == 48, "no padding in the checkpoint header");

struct LayoutField {
  uint32_t input_layout = 0;
  uint32_t reserved = 0;
};
static_assert(sizeof(LayoutField) == 8, "no padding in the layout field");

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// Guards against nonsense shapes in a corrupt header before allocating.
constexpr uint32_t kMaxHidden = 1 << 16;
constexpr uint32_t kMaxBuckets = 64;

}  // namespace

Result<bool> save_checkpoint(const TrainingState& state, const std::string& path) {
  const std::string temporary = path + ".tmp";
  {
    File file(std::fopen(temporary.c_str(), "wb"));
    if (!file) return Error{"cannot write checkpoint " + temporary};
    CheckpointHeader header;
    header.hidden = uint32_t(state.model.hidden());
    header.buckets = uint32_t(state.model.buckets());
    header.epochs_done = uint32_t(state.epochs_done);
    header.steps = state.optimiser.steps();
    header.seed = state.seed;
    header.parameter_count = state.model.parameter_count();
    LayoutField layout;
    layout.input_layout = uint32_t(state.model.layout());
    const size_t n = state.model.parameter_count();
    bool ok = std::fwrite(&header, sizeof header, 1, file.get()) == 1 &&
              std::fwrite(&layout, sizeof layout, 1, file.get()) == 1;
    for (const float* block :
         {state.model.parameters().data(), state.optimiser.first_moment().data(),
          state.optimiser.second_moment().data()})
      ok = ok && std::fwrite(block, sizeof(float), n, file.get()) == n;
    ok = std::fflush(file.get()) == 0 && ok;
    if (!ok) return Error{"error writing checkpoint " + temporary};
  }
  // std::filesystem replaces an existing checkpoint on Windows too (std::rename
  // there refuses to).
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return Error{"cannot rename " + temporary + " to " + path + ": " + error.message()};
  return true;
}

Result<TrainingState> load_checkpoint(const std::string& path, float weight_decay) {
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) return Error{"cannot open checkpoint " + path};
  CheckpointHeader header;
  if (std::fread(&header, sizeof header, 1, file.get()) != 1)
    return Error{path + ": truncated checkpoint header"};
  if (header.magic != kCheckpointMagic) return Error{path + ": not an arbiter checkpoint"};
  if (header.version != kCheckpointVersion && header.version != kPlainOnlyVersion)
    return Error{path + ": checkpoint version " + std::to_string(header.version) + ", expected " +
                 std::to_string(kCheckpointVersion)};
  LayoutField layout_field;
  if (header.version == kCheckpointVersion &&
      std::fread(&layout_field, sizeof layout_field, 1, file.get()) != 1)
    return Error{path + ": truncated checkpoint header"};
  const auto layout = eval::nnue::layout_from_number(layout_field.input_layout);
  if (!layout)
    return Error{path + ": input layout " + std::to_string(layout_field.input_layout) +
                 " is not one this build knows"};
  if (header.hidden == 0 || header.hidden > kMaxHidden || header.hidden % kHiddenGranule != 0 ||
      header.buckets == 0 || header.buckets > kMaxBuckets)
    return Error{path + ": implausible network shape in checkpoint"};
  TrainingState state(FloatModel(int(header.hidden), int(header.buckets), *layout), weight_decay);
  if (header.parameter_count != state.model.parameter_count())
    return Error{path + ": parameter count does not match the shape"};
  const size_t n = state.model.parameter_count();
  for (float* block : {state.model.parameters().data(), state.optimiser.first_moment().data(),
                       state.optimiser.second_moment().data()})
    if (std::fread(block, sizeof(float), n, file.get()) != n)
      return Error{path + ": truncated checkpoint"};
  if (std::fgetc(file.get()) != EOF) return Error{path + ": trailing bytes after the checkpoint"};
  state.optimiser.set_steps(header.steps);
  state.epochs_done = int(header.epochs_done);
  state.seed = header.seed;
  return state;
}

}  // namespace arbiter::train
