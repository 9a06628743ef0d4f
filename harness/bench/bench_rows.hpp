// bench's rows (internal to harness/bench): a child's result read into a
// row, a solver's row on a dataset (solver_row.cpp), a generator's and a
// made-to-order row (generating.cpp), and the rows --resume keeps
// (resume.cpp); bench.cpp runs them over the datasets and plugins.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "bench/child.hpp"
#include "bench/measuring.hpp"
#include "truth/order.hpp"

namespace np::bench {

// A result computed here rather than in a child (--isolate).
ChildResult here(const std::function<json()>& work);
// Generous: the child's own steps bound its time; this only stops a plugin
// that ignores its deadline.
double child_limit(const Settings& s, std::size_t puzzles);
void fill_figures(Row& row, const json& v);
// A child's outcome into the row: a crash or a hang is a finding; a JSON
// finding too. True when the child gave a value to go on with.
bool take(Row& row, const ChildResult& c);

struct DatasetRun {
    const Settings& settings;
    const Dataset& data;
    const Plugin* prover;  // for this plugin: never the plugin itself
    std::vector<std::size_t> permutation;
    std::vector<Known>& truth;
};

Row bench_solver(const Plugin& plugin, DatasetRun& d, std::vector<std::string>& notes, bool proofs);
// `provers`: the oracle's choice first, then every plugin that proves
// uniqueness; each puzzle is proved by the first that takes it.
Row bench_generator(const Settings& s, const Plugin& plugin, const Geometry& shape,
                    const std::vector<const Plugin*>& provers);
Row bench_order(const Settings& s, const truth::OrderCall& call, const std::string& dataset);

const Row* find_row(const std::vector<Row>& rows, const std::string& plugin, const std::string& dataset);
// --resume's rows, kept as they are; nullopt and `error` for a report made
// with other settings, or not a report.
std::optional<std::vector<Row>> resumed_rows(const Settings& s, const std::vector<harness::PluginFile>& files,
                                             std::string& error);

}  // namespace np::bench
