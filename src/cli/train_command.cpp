// arbiter train: datagen files in, a quantised net out (src/train does the work;
// this file parses options and prints progress).
#include <cmath>
#include <cstdio>
#include <cxxopts.hpp>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/eval/nnue_net_file.h"
#include "arbiter/train/checkpoint.h"
#include "arbiter/train/grow_model.h"
#include "arbiter/train/quantise.h"
#include "arbiter/train/teacher.h"
#include "arbiter/train/trainer.h"
#include "arbiter/train/training_set.h"
#include "commands.h"
#include "platform/console.h"

namespace arbiter::cli {

namespace {

constexpr double kMega = 1e6;
constexpr uint64_t kDefaultSeed = 1;
// Without a terminal (a log file), one progress line this often.
constexpr double kLogProgressSeconds = 30.0;

struct Settings {
  std::vector<std::string> data;
  std::string out, description, checkpoint, resume, init, teacher;
  // --inputs: the trained net's input layout (by default --init's, else plain).
  std::optional<eval::nnue::InputLayout> layout;
  train::TrainerOptions trainer;
  float weight_decay = train::kDefaultWeightDecay;
  double validation_fraction = train::kDefaultValidationFraction;
  int max_abs_score = train::kDefaultMaxAbsScore;
  uint64_t seed = kDefaultSeed;
  bool seed_given = false;
  bool keep_best = false;
};

// --keep-best: early stopping without guessing the epoch count. The net of the
// epoch with the lowest validation loss is written to OUT when it appears; the
// record OUT.best ("epoch E validation-loss L") lets a resumed run go on
// comparing against it.
class BestNetKeeper {
 public:
  BestNetKeeper(std::string out, std::string description, bool resuming)
      : out_(std::move(out)), record_(out_ + ".best"), description_(std::move(description)) {
    std::ifstream in(record_);
    std::string epoch_word, loss_word;
    int epoch = 0;
    double loss = 0;
    if (resuming && in >> epoch_word >> epoch >> loss_word >> loss && epoch_word == "epoch" &&
        loss_word == "validation-loss" && std::isfinite(loss)) {
      best_epoch_ = epoch;
      best_loss_ = loss;
    }
  }

  // After each epoch: writes the net when it is the best so far. The error is a
  // net that cannot be quantised or written.
  Result<bool> consider(const train::EpochReport& r, const train::FloatModel& model) {
    if (!(r.validation_loss < best_loss_)) return false;
    auto net = train::quantise(model, description_);
    if (!net) return Error{net.error()};
    auto saved = eval::nnue::save_net_file(net.value(), out_);
    if (!saved) return Error{saved.error()};
    best_epoch_ = r.epoch + 1;
    best_loss_ = r.validation_loss;
    std::ofstream record(record_, std::ios::trunc);
    record << "epoch " << best_epoch_ << " validation-loss " << std::setprecision(17) << best_loss_
           << "\n";
    if (!record) return Error{"cannot write " + record_};
    return true;
  }

  int best_epoch() const { return best_epoch_; }
  double best_loss() const { return best_loss_; }

 private:
  std::string out_, record_, description_;
  int best_epoch_ = 0;
  double best_loss_ = std::numeric_limits<double>::infinity();
};

// Prints the progress line: rewritten in place on a terminal, otherwise a
// line now and then.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(int epochs)
      : epochs_(epochs), terminal_(platform::is_terminal(platform::StandardStream::Error)) {}

  void progress(const train::ProgressReport& r) {
    if (!terminal_ && ++calls_ % int(kLogProgressSeconds) != 0) return;
    std::ostringstream line;
    line << "epoch " << r.epoch + 1 << "/" << epochs_ << "  batch " << r.batch << "/" << r.batches
         << "  " << std::fixed << std::setprecision(2) << r.positions_per_second / kMega
         << " Mpos/s  loss " << std::setprecision(6) << r.loss << "  lr " << std::setprecision(6)
         << r.learning_rate;
    std::cerr << (terminal_ ? "\r" : "") << line.str() << (terminal_ ? "   " : "\n") << std::flush;
  }

  void epoch_done(const train::EpochReport& r, const std::string& checkpoint) {
    if (terminal_) std::cerr << "\r" << std::string(80, ' ') << "\r";
    std::cout << "epoch " << r.epoch + 1 << "/" << epochs_ << ": train loss " << std::fixed
              << std::setprecision(6) << r.train_loss;
    if (!std::isnan(r.validation_loss)) std::cout << ", validation loss " << r.validation_loss;
    std::cout << ", " << std::setprecision(2) << r.positions_per_second / kMega << " Mpos/s, "
              << std::setprecision(1) << r.seconds << " s";
    if (!checkpoint.empty()) std::cout << ", checkpoint " << checkpoint;
    std::cout << std::endl;
  }

 private:
  int epochs_;
  bool terminal_;
  long calls_ = 0;
};

int train(const Settings& s) {
  // A resumed run takes its seed from the checkpoint so the split and the
  // batch order are the ones it started with.
  train::TrainingState state(
      train::FloatModel::for_architecture(s.layout.value_or(eval::nnue::InputLayout::Plain)),
      s.weight_decay);
  if (!s.resume.empty()) {
    auto loaded = train::load_checkpoint(s.resume, s.weight_decay);
    if (!loaded) {
      std::cerr << "arbiter train: " << loaded.error() << "\n";
      return kFailure;
    }
    if (loaded->model.hidden() != eval::nnue::kHidden ||
        loaded->model.buckets() != eval::nnue::kOutputBuckets) {
      std::cerr << "arbiter train: " << s.resume << " has another network shape\n";
      return kFailure;
    }
    if (s.layout && *s.layout != loaded->model.layout()) {
      std::cerr << "arbiter train: " << s.resume << " has "
                << eval::nnue::layout_name(loaded->model.layout()) << " inputs, not "
                << eval::nnue::layout_name(*s.layout) << "\n";
      return kFailure;
    }
    state = std::move(loaded).value();
    if (s.seed_given && s.seed != state.seed)
      std::cerr << "arbiter train: using the checkpoint's seed " << state.seed << "\n";
    std::cout << "resuming " << s.resume << " after epoch " << state.epochs_done << "\n";
  } else if (!s.init.empty()) {
    // Fine-tuning: the weights of an existing net (the seed still picks the
    // split and the batch order). A smaller net (fewer hidden units, or one
    // output bucket) is grown into the architecture's shape first.
    auto net = eval::nnue::load_net_file_of_any_shape(s.init);
    if (!net) {
      std::cerr << "arbiter train: " << net.error() << "\n";
      return kFailure;
    }
    train::FloatModel start = train::dequantise(net.value());
    const eval::nnue::InputLayout layout = s.layout.value_or(start.layout());
    if (start.hidden() != eval::nnue::kHidden || start.buckets() != eval::nnue::kOutputBuckets ||
        start.layout() != layout) {
      auto grown =
          train::grow_model(start, eval::nnue::kHidden, eval::nnue::kOutputBuckets, s.seed, layout);
      if (!grown) {
        std::cerr << "arbiter train: " << s.init << ": " << grown.error() << "\n";
        return kFailure;
      }
      std::cout << "grew " << s.init << " from " << start.hidden() << " hidden x "
                << start.buckets() << " buckets, " << eval::nnue::layout_name(start.layout())
                << " inputs, into " << eval::nnue::layout_name(layout)
                << " inputs (its new units start silent)\n";
      start = std::move(grown).value();
    }
    state.model = std::move(start);
    std::cout << "starting from " << s.init << "\n";
  } else {
    state.model.initialise(s.seed);
  }
  if (s.resume.empty()) state.seed = s.seed;

  std::vector<datagen::PackedPosition> records;
  auto loaded = train::load_training_records(s.data, s.max_abs_score, records);
  if (!loaded) {
    std::cerr << "arbiter train: " << loaded.error() << "\n";
    return kFailure;
  }
  const train::LoadStats& stats = loaded.value();
  std::cout << "read " << stats.read << " positions, kept " << stats.kept << " (dropped "
            << stats.skipped_score << " with |score| >= " << s.max_abs_score << ", "
            << stats.skipped_invalid << " invalid)\n";
  train::DataSplit split = train::split_validation(std::move(records), s.validation_fraction);
  if (split.train.empty()) {
    std::cerr << "arbiter train: no training positions\n";
    return kFailure;
  }
  std::cout << split.train.size() << " training, " << split.validation.size()
            << " validation positions; hidden " << eval::nnue::kHidden << ", "
            << eval::nnue::layout_name(state.model.layout()) << " inputs, " << s.trainer.threads
            << " thread(s)" << std::endl;

  if (!s.teacher.empty()) {
    // Only the training positions: the validation loss stays against the
    // searches, so it compares with every other run's.
    auto teacher = eval::nnue::load_net_file_of_any_shape(s.teacher);
    if (!teacher) {
      std::cerr << "arbiter train: --teacher: " << teacher.error() << "\n";
      return kFailure;
    }
    const double change = train::rescore_with_teacher(train::dequantise(teacher.value()),
                                                      split.train, s.trainer.threads);
    std::cout << "training towards " << s.teacher << "'s evaluation (mean change from the search "
              << "scores " << std::fixed << std::setprecision(1) << change
              << " cp); validation keeps the search scores" << std::endl;
  }
  if (s.keep_best && split.validation.empty()) {
    std::cerr << "arbiter train: --keep-best needs validation positions (--val-fraction)\n";
    return kUsageError;
  }
  ProgressPrinter printer(s.trainer.epochs);
  BestNetKeeper keeper(s.out, s.description, !s.resume.empty());
  std::string keep_error;
  train::TrainerCallbacks callbacks;
  callbacks.progress = [&](const train::ProgressReport& r) { printer.progress(r); };
  callbacks.epoch_done = [&](const train::EpochReport& r) {
    printer.epoch_done(r, s.trainer.checkpoint_path);
    if (!s.keep_best || !keep_error.empty()) return;
    auto kept = keeper.consider(r, state.model);
    if (!kept)
      keep_error = kept.error();
    else if (kept.value())
      std::cout << "best so far: epoch " << r.epoch + 1 << ", wrote " << s.out << std::endl;
  };
  auto trained = train::run_training(s.trainer, state, split.train, split.validation, callbacks);
  if (!trained || !keep_error.empty()) {
    std::cerr << "arbiter train: " << (trained ? keep_error : trained.error()) << "\n";
    return kFailure;
  }
  if (s.keep_best) {
    std::cout << "kept epoch " << keeper.best_epoch() << " (validation loss " << std::fixed
              << std::setprecision(6) << keeper.best_loss() << ") in " << s.out << "\n";
    return 0;
  }

  auto net = train::quantise(state.model, s.description);
  if (!net) {
    std::cerr << "arbiter train: " << net.error() << "\n";
    return kFailure;
  }
  auto saved = eval::nnue::save_net_file(net.value(), s.out);
  if (!saved) {
    std::cerr << "arbiter train: " << saved.error() << "\n";
    return kFailure;
  }
  std::cout << "wrote " << s.out << "\n";
  return 0;
}

}  // namespace

int run_train(int argc, char** argv) {
  using cxxopts::value;
  cxxopts::Options options("arbiter train", "Train the evaluation network from datagen files");
  options.add_options()("data", "a datagen file (repeat for more)",
                        value<std::vector<std::string>>())("out", "the quantised net to write",
                                                           value<std::string>())(
      "description", "free text in the net's header (31 characters kept)",
      value<std::string>()->default_value(""))(
      "epochs", "passes over the training positions (total, across resumes)",
      value<int>()->default_value(std::to_string(train::kDefaultEpochs)))(
      "batch", "positions per optimiser step",
      value<size_t>()->default_value(std::to_string(train::kDefaultBatchSize)))(
      "lr", "initial learning rate", value<float>()->default_value("0.001"))(
      "lr-decay", "cosine (to 1% at the end) or step",
      value<std::string>()->default_value("cosine"))(
      "lr-step", "with --lr-decay step: epochs between drops",
      value<int>()->default_value(std::to_string(train::kDefaultLrStepEpochs)))(
      "lr-gamma", "with --lr-decay step: factor per drop", value<float>()->default_value("0.3"))(
      "weight-decay", "AdamW's decoupled weight decay", value<float>()->default_value("0.01"))(
      "wdl", "weight of the game result in the target (0: score only, 1: result only)",
      value<float>()->default_value("0.3"))("loss-power", "loss = |sigmoid(out) - target|^power",
                                            value<float>()->default_value("2"))(
      "val-fraction", "share of positions held out for the validation loss",
      value<double>()->default_value("0.02"))(
      "max-score", "drop positions with |score| at least this (mate scores)",
      value<int>()->default_value(std::to_string(train::kDefaultMaxAbsScore)))(
      "seed", "seed for initial weights, split and shuffles",
      value<uint64_t>()->default_value(std::to_string(kDefaultSeed)))(
      "threads", "threads sharing each batch", value<int>()->default_value("1"))(
      "mirror", "reflect each sample a<->h with probability 1/2 per epoch (augmentation)")(
      "keep-best", "write the net of the epoch with the lowest validation loss, not the last")(
      "checkpoint", "checkpoint written after every epoch (default: OUT.ckpt)",
      value<std::string>())("resume", "continue from this checkpoint", value<std::string>())(
      "init",
      "start from this net's weights instead of random ones (fine-tuning); a net "
      "with fewer hidden units or one output bucket is grown into this build's shape first",
      value<std::string>())(
      "inputs",
      "input layout of the trained net: plain, mirrored (the own king always on files a-d) or "
      "kings4 (mirrored, rows by king square); default: the --init net's, else plain",
      value<std::string>())(
      "teacher",
      "train towards this net's evaluation instead of the search scores (distillation; the "
      "validation positions keep theirs)",
      value<std::string>())("h,help", "print this help");
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << "\n";
      return 0;
    }
    if (!args.count("data") || !args.count("out")) {
      std::cerr << "arbiter train: give --data FILE and --out NET\n" << options.help() << "\n";
      return kUsageError;
    }
    Settings s;
    s.data = args["data"].as<std::vector<std::string>>();
    s.out = args["out"].as<std::string>();
    s.description = args["description"].as<std::string>();
    s.trainer.epochs = args["epochs"].as<int>();
    s.trainer.batch_size = args["batch"].as<size_t>();
    s.trainer.lr.initial = args["lr"].as<float>();
    auto decay = train::parse_lr_decay(args["lr-decay"].as<std::string>());
    if (!decay) {
      std::cerr << "arbiter train: " << decay.error() << "\n";
      return kUsageError;
    }
    s.trainer.lr.decay = decay.value();
    s.trainer.lr.step_epochs = args["lr-step"].as<int>();
    s.trainer.lr.gamma = args["lr-gamma"].as<float>();
    s.trainer.lr.total_epochs = s.trainer.epochs;
    s.weight_decay = args["weight-decay"].as<float>();
    s.trainer.loss.wdl_weight = args["wdl"].as<float>();
    s.trainer.loss.power = args["loss-power"].as<float>();
    s.validation_fraction = args["val-fraction"].as<double>();
    s.max_abs_score = args["max-score"].as<int>();
    s.seed = args["seed"].as<uint64_t>();
    s.seed_given = args.count("seed") > 0;
    s.trainer.threads = args["threads"].as<int>();
    s.trainer.mirror_augment = args.count("mirror") > 0;
    s.keep_best = args.count("keep-best") > 0;
    s.trainer.checkpoint_path =
        args.count("checkpoint") ? args["checkpoint"].as<std::string>() : s.out + ".ckpt";
    if (args.count("resume")) s.resume = args["resume"].as<std::string>();
    if (args.count("init")) s.init = args["init"].as<std::string>();
    if (args.count("teacher")) s.teacher = args["teacher"].as<std::string>();
    if (args.count("inputs")) {
      s.layout = eval::nnue::layout_from_name(args["inputs"].as<std::string>());
      if (!s.layout) {
        std::cerr << "arbiter train: --inputs takes plain, mirrored or kings4, not '"
                  << args["inputs"].as<std::string>() << "'\n";
        return kUsageError;
      }
    }
    if (!s.resume.empty() && !s.init.empty()) {
      std::cerr << "arbiter train: --resume and --init exclude each other (a checkpoint has its "
                   "own weights)\n";
      return kUsageError;
    }
    if (s.trainer.epochs < 1 || s.trainer.batch_size < 1 || s.trainer.threads < 1 ||
        s.trainer.loss.wdl_weight < 0 || s.trainer.loss.wdl_weight > 1 ||
        s.trainer.loss.power <= 1 || s.validation_fraction < 0 || s.validation_fraction >= 1) {
      std::cerr << "arbiter train: --epochs, --batch and --threads must be positive, --wdl in "
                   "[0, 1], --loss-power above 1, --val-fraction in [0, 1)\n";
      return kUsageError;
    }
    return train(s);
  } catch (const cxxopts::exceptions::exception& e) {
    std::cerr << "arbiter train: " << e.what() << "\n";
    return kUsageError;
  }
}

}  // namespace arbiter::cli
