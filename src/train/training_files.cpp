// Reading datagen files into memory for a training run (the file format itself
// belongs to datagen: data_file.h).
#include "arbiter/datagen/data_file.h"
#include "arbiter/train/training_set.h"

namespace arbiter::train {

Result<LoadStats> load_training_records(const std::vector<std::string>& paths, int max_abs_score,
                                        std::vector<datagen::PackedPosition>& out) {
  LoadStats total;
  for (const std::string& path : paths) {
    std::vector<datagen::PackedPosition> records;
    auto read = datagen::read_data_file(path, records);
    if (!read) return Error{read.error()};
    const LoadStats stats = filter_records(records, max_abs_score);
    total.read += stats.read;
    total.kept += stats.kept;
    total.skipped_score += stats.skipped_score;
    total.skipped_invalid += stats.skipped_invalid;
    // Append file by file so only one file's unfiltered records are held twice.
    out.insert(out.end(), records.begin(), records.end());
  }
  return total;
}

}  // namespace arbiter::train
