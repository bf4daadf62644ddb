// Data parallelism for the trainer: work over an even split of [0, n) on a
// fixed number of threads, each slice always given to the same thread, so that
// per-thread sums combined in thread order do not depend on timing.
#pragma once

#include <cstddef>
#include <vector>

#ifndef ARBITER_SINGLE_THREADED
#include <thread>
#endif

namespace arbiter::train {

// Runs work(t, begin, end) for t = 0..threads-1 over an even split of [0, n).
template <class Work>
void parallel_slices(int threads, size_t n, Work&& work) {
  auto slice = [&](int t) {
    work(t, n * size_t(t) / size_t(threads), n * size_t(t + 1) / size_t(threads));
  };
  if (threads == 1) {
    slice(0);
    return;
  }
#ifdef ARBITER_SINGLE_THREADED
  // No threads (WebAssembly; and its libc++ has no jthread): the slices in turn.
  for (int t = 0; t < threads; ++t) slice(t);
#else
  std::vector<std::jthread> workers;
  workers.reserve(threads - 1);
  for (int t = 1; t < threads; ++t) workers.emplace_back(slice, t);
  slice(0);
#endif
}

}  // namespace arbiter::train
