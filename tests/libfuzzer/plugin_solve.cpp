// `solve` through every bundled library plugin on arbitrary cells with a
// small node budget, each answer certified by the host (Session), as every
// command does. The first bytes pick the plugin, the shape, the limit and how
// the rest becomes cells. A bundled plugin must never answer wrong: an answer
// that fails its certificate or breaks the ABI's contract is a crash. And
// where the plugin and the exhaustive-count oracle both reach a conclusion
// within the budget, the conclusions agree (a "none" or "unique" has no
// certificate: only another solver can contradict it).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "numplace/format.hpp"
#include "numplace/host.hpp"

namespace {

constexpr uint64_t kMaxNodes = 2000;
constexpr const char* kOracle = "exhaustive-count";

struct Plugins {
    np::PluginRegistry registry;
    // One Session per plugin for the whole run, as the harness keeps one per
    // plugin: state a plugin carries from call to call is fuzzed too.
    std::vector<std::unique_ptr<np::Session>> sessions;
    np::Session* oracle = nullptr;
    std::vector<np::Geometry> shapes;  // every shape with R*C <= 25
};

Plugins& plugins() {
    static Plugins* p = [] {
        // The build's plugin folder (a compile definition), or another one
        // named by $NUMPLACE_FUZZ_PLUGIN_DIR.
        const char* dir = std::getenv("NUMPLACE_FUZZ_PLUGIN_DIR");
        auto* out = new Plugins;
        std::vector<std::string> libraries;
        for (const auto& entry : std::filesystem::directory_iterator(dir && *dir ? dir : NUMPLACE_FUZZ_PLUGIN_DIR))
            if (entry.path().extension() == ".so") libraries.push_back(entry.path().string());
        std::sort(libraries.begin(), libraries.end());
        for (const auto& path : libraries) out->registry.add_file(path);
        for (const auto& skipped : out->registry.skipped())
            np::fuzz::property_failed("every bundled plugin loads", skipped.path + ": " + skipped.reason);
        for (const auto& plugin : out->registry.plugins()) {
            if (!plugin.can(NP_CAP_SOLVE)) continue;
            out->sessions.push_back(std::make_unique<np::Session>(plugin));
            if (plugin.name() == kOracle) out->oracle = out->sessions.back().get();
        }
        if (out->sessions.empty() || out->oracle == nullptr)
            np::fuzz::property_failed("the bundled plugins and the oracle load", NUMPLACE_FUZZ_PLUGIN_DIR);
        for (int r = 1; r <= 25; ++r)
            for (int c = 1; r * c <= 25; ++c)
                if (np::Geometry{r, c}.valid()) out->shapes.push_back({r, c});
        return out;
    }();
    return *p;
}

std::string shown(const np::Session& s, const np::Grid& puzzle, uint64_t limit) {
    return s.plugin().name() + " on " + puzzle.geometry.name() + " " + np::format_line(puzzle) + " with limit " +
           (limit == NP_UNLIMITED ? std::string("unlimited") : std::to_string(limit));
}

bool concluded(const np::SolveOutcome& o) {
    return o.fault == np::Fault::none &&
           (o.verdict == np::Verdict::none || o.verdict == np::Verdict::unique ||
            o.verdict == np::Verdict::multiple || o.verdict == np::Verdict::invalid);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    (void)plugins();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    Plugins& all = plugins();
    np::fuzz::Bytes bytes(data, size);
    np::Session& session = *all.sessions[bytes.pick(all.sessions.size())];
    // Among the shapes this plugin supports (every plugin supports some).
    std::vector<np::Geometry> shapes;
    for (const auto& g : all.shapes)
        if (session.plugin().supports(g)) shapes.push_back(g);
    NP_FUZZ_CHECK(!shapes.empty(), session.plugin().name() + " supports no shape up to 5x5");
    const np::Geometry shape = shapes[bytes.pick(shapes.size())];
    static const uint64_t kLimits[] = {1, 2, NP_UNLIMITED};
    const uint64_t limit = kLimits[bytes.pick(std::size(kLimits))];

    // Cells 0..N. Dense: one byte per cell, in order (mostly duplicates:
    // invalid puzzles). Sparse: (cell, value) byte pairs on an empty grid,
    // which gives open puzzles with a few givens, where the search runs.
    const int n = shape.side();
    np::Grid puzzle(shape);
    const bool sparse = bytes.byte() & 1;
    if (sparse) {
        while (bytes.left() >= 2) {
            const std::size_t cell = bytes.byte() % puzzle.cells.size();
            puzzle.cells[cell] = static_cast<uint8_t>(bytes.byte() % (n + 1));
        }
    } else {
        for (auto& cell : puzzle.cells) cell = static_cast<uint8_t>(bytes.byte() % (n + 1));
    }

    np::Budget budget;
    budget.max_nodes = kMaxNodes;
    const np::SolveOutcome out = session.solve(puzzle, limit, {}, budget);
    // Session certifies: a wrong answer is Fault::wrong, a broken contract
    // Fault::malformed. Neither may come from a bundled plugin; nor may a
    // refusal of a shape the plugin says it supports.
    NP_FUZZ_CHECK(out.fault != np::Fault::wrong && out.fault != np::Fault::malformed &&
                      out.fault != np::Fault::refused,
                  shown(session, puzzle, limit) + ": " + out.message);
    NP_FUZZ_CHECK(out.count <= limit, shown(session, puzzle, limit) + ": count above the limit");

    if (!concluded(out) || &session == all.oracle || !all.oracle->plugin().supports(shape)) return 0;
    const np::SolveOutcome truth = all.oracle->solve(puzzle, limit, {}, budget);
    if (!concluded(truth)) return 0;
    NP_FUZZ_CHECK(out.verdict == truth.verdict, shown(session, puzzle, limit) + " says " +
                                                    std::string(np::verdict_name(out.verdict)) + ", " + kOracle +
                                                    " says " + std::string(np::verdict_name(truth.verdict)));
    if (limit == NP_UNLIMITED && out.complete && truth.complete)
        NP_FUZZ_CHECK(out.count == truth.count, shown(session, puzzle, limit) + ": count " +
                                                    std::to_string(out.count) + ", " + kOracle + " counts " +
                                                    std::to_string(truth.count));
    return 0;
}
