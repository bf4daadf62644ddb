// The scripted fake UCI engine (tests/fake_engine) as a match::UciEngine, for
// tests of the match runner: it plays legal moves and misbehaves on cue.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "arbiter/match/uci_engine.h"
#include "test_support.h"

namespace arbiter::test {

inline constexpr std::chrono::milliseconds kFakeHandshake{2000 * kSanitizedTimeoutScale};

inline match::EngineConfig fake_engine_config(const std::string& name,
                                              std::vector<std::string> flags = {}) {
  match::EngineConfig config;
  config.name = name;
  config.command = ARBITER_FAKE_ENGINE;
  config.args = std::move(flags);
  return config;
}

// A started fake engine (the test fails if it does not start).
inline std::unique_ptr<match::UciEngine> start_fake(const std::string& name,
                                                    std::vector<std::string> flags = {}) {
  auto engine = std::make_unique<match::UciEngine>(fake_engine_config(name, std::move(flags)));
  Result<bool> started = engine->start(kFakeHandshake);
  EXPECT_TRUE(started) << (started ? "" : started.error());
  return engine;
}

}  // namespace arbiter::test
