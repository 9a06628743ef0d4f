// What held before the attacks of issue 22, kept so: a plugin that ends its
// worker with exit(0) in the middle of a solve fails that row (crashed) and
// costs nothing else.
#include <gtest/gtest.h>

#include "hostile_support.hpp"

namespace {

using namespace np::hostile;

TEST(WhatHeld, ExitZeroInAWorkerFailsOnlyItsRow) {
    const auto run = verify_attack("exit_zero", "attack-exit-zero", 2);
    EXPECT_LT(run.seconds, run_bound(2));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    ASSERT_TRUE(run.report) << run.err;
    ASSERT_EQ(run.rows.size(), 4u) << run.err;
    EXPECT_EQ(run.rows.at(kTarget).value("status", ""), "fail");
    EXPECT_EQ(run.rows.at(kTarget).value("kind", ""), "crashed") << run.rows.at(kTarget).dump();
    expect_others_pass(run);
}

}  // namespace
