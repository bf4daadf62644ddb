// The records a run trains on: loaded from datagen files into memory,
// filtered, and split into training and held-out validation parts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/datagen/packed_position.h"

namespace arbiter::train {

// Scores at least this large are mate scores or close to them: they say
// little about the evaluation, so they are dropped.
inline constexpr int kDefaultMaxAbsScore = 10000;
inline constexpr double kDefaultValidationFraction = 0.02;

struct LoadStats {
  uint64_t read = 0;
  uint64_t kept = 0;
  uint64_t skipped_score = 0;    // |score| >= the bound
  uint64_t skipped_invalid = 0;  // not decodable (corrupt record)
};

// Keeps the records whose |score| < max_abs_score and that decode; counts why
// the others were dropped.
LoadStats filter_records(std::vector<datagen::PackedPosition>& records, int max_abs_score);

// Reads every file (read_data_file), then filters; the error names the file.
Result<LoadStats> load_training_records(const std::vector<std::string>& paths, int max_abs_score,
                                        std::vector<datagen::PackedPosition>& out);

struct DataSplit {
  std::vector<datagen::PackedPosition> train;
  std::vector<datagen::PackedPosition> validation;
};

// The last `validation_fraction` of the records, in file order, are held out
// (at least one when the fraction is positive and there are two or more
// records). Datagen writes whole games in order, so the held-out positions come
// from games the training part never saw (only one game can straddle the cut):
// a random split would put each validation position's neighbours from the same
// game into training and make the validation loss blind to overfitting.
DataSplit split_validation(std::vector<datagen::PackedPosition> records,
                           double validation_fraction);

}  // namespace arbiter::train
