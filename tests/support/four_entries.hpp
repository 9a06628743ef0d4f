// A small corpus for the tests that run a misbehaving plugin through
// numplace verify (workers_test.cpp, tests/hostile): two 4x4 puzzles, a 6x6
// one (where the faulty and attack plugins misbehave), an unsolvable 4x4
// (where a hanging plugin loops), then a 4x4 again: the rows after a failure
// must still come.
#pragma once

namespace np::test {

inline constexpr const char* kFourEntries = R"(- id: four
  size: 2x2
  puzzle: 1..4.........32.
  expect: {verdict: unique, solution: "1234341221434321", count: 1}
  source: test
- id: six
  size: 2x3
  puzzle: "...................................."
  expect: {verdict: multiple, count_at_least: 2}
  source: test
- id: none
  size: 2x2
  puzzle: .23..1..4.......
  expect: {verdict: none, count: 0}
  source: test
- id: four-again
  size: 2x2
  puzzle: ..1..43......2..
  expect: {verdict: unique, solution: "2314143241233241", count: 1}
  source: test
)";

}  // namespace np::test
