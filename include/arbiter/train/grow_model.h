// Growing a trained net into a larger shape (issue 36's wider nets and output
// buckets): the grown model computes exactly what the smaller one computes, so
// fine-tuning it starts from the smaller net's strength instead of from random
// weights, which this project's few million positions could not train as far.
#pragma once

#include <cstdint>
#include <optional>

#include "arbiter/core/result.h"
#include "arbiter/train/float_model.h"

namespace arbiter::train {

// A model of `hidden` units and `buckets` output buckets that evaluates every
// position as `from` does: `from`'s units keep their weights, and each new unit
// gets random feature weights (drawn as FloatModel::initialise draws them, from
// `seed`), a zero bias and zero output weights, so that it changes nothing until
// training moves its output weights. Every bucket starts as `from`'s bucket of
// the same number, or as its only one. Fails when the shape would shrink, when
// `hidden` is not a multiple of kHiddenGranule, or when `from` has several
// buckets and `buckets` is another number.
//
// `layout` (from's when not given) may also grow the inputs: a net of one king
// bucket (plain or mirrored) gives its rows to every king bucket of kings4, so
// a mirrored net grown into kings4 evaluates exactly as before. Plain rows read
// as mirrored ones evaluate a position with a king on files e-h as its a <-> h
// reflection (the same for a net trained with --mirror, nearly). A net of king
// buckets cannot lose them.
Result<FloatModel> grow_model(const FloatModel& from, int hidden, int buckets, uint64_t seed,
                              std::optional<eval::nnue::InputLayout> layout = std::nullopt);

}  // namespace arbiter::train
