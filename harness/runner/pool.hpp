// The runner of worker processes (pool.cpp): one worker per plugin, each
// request's unanswered items sent again to a new worker.
#pragma once

#include <memory>

#include "runner/runner.hpp"

namespace np::runner {

std::unique_ptr<Runner> make_worker_pool(const Settings& settings);

}  // namespace np::runner
