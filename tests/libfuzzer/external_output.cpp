// What the host reads from a command-line solver's output, per its
// description: a solution line, fields of a JSON object, a count by regular
// expression, verdict words. The bytes are the output (after four choice
// bytes: description, shape, limit, puzzle). Beyond "no crash": the answer
// keeps the ABI's contract for any output (count within the limit, distinct
// witnesses, a terminated message, an answer or NP_FAILED) and reading is
// deterministic.
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "external_parse.hpp"
#include "fuzz_support.hpp"
#include "fuzz_tempdir.hpp"
#include "numplace/host.hpp"

namespace {

// Every way of reading an answer, alone and together; `sh` only has to exist
// (the description is checked for a runnable command), it is never run here.
const char* const kDescriptions[] = {
    R"(name: lines-and-words
command: [sh]
max_side: 25
capabilities: [solve]
output:
  solution: line
  verdicts: {"Puzzle is not possible": invalid, "Puzzle has no solution": none}
)",
    R"(name: json-fields
command: [sh]
max_side: 25
capabilities: [solve, count, prove-unique]
input: lines
output:
  json: {solution: solution, count: count, verdict: status}
  verdicts: {solved: unique, impossible: none}
)",
    R"(name: counted
command: [sh]
max_side: 25
capabilities: [count]
output:
  count: 'There are ([0-9]+) solutions'
  verdicts: {"no solution": none, "exactly one": unique, "several": multiple}
)",
    R"(name: everything
command: [sh]
max_side: 25
capabilities: [solve, count, prove-unique]
empty: "0"
output:
  solution: line
  json: {solution: solutions, count: count, verdict: verdict}
  count: '([0-9]+) found'
  verdicts: {"bad puzzle": invalid}
)",
};

struct Loaded {
    np::PluginRegistry registry;
    std::vector<void*> instances;
};

const Loaded& loaded() {
    static const Loaded* l = [] {
        auto* out = new Loaded;
        for (std::size_t i = 0; i < std::size(kDescriptions); ++i) {
            const std::string path = np::fuzz::temp_dir() + "/d" + std::to_string(i) + ".solver.yaml";
            std::ofstream(path) << kDescriptions[i];
            out->registry.add_file(path);
        }
        if (!out->registry.skipped().empty() || out->registry.plugins().size() != std::size(kDescriptions))
            np::fuzz::property_failed("the fixed descriptions load",
                                      out->registry.skipped().empty() ? "" : out->registry.skipped()[0].reason);
        for (const auto& p : out->registry.plugins()) out->instances.push_back(p.create_instance());
        return out;
    }();
    return *l;
}

struct Answer {
    int status = 0;
    np_solve_result result{};
    std::vector<uint8_t> witness_cells[NP_MAX_WITNESSES];
};

Answer read(void* instance, const np_solve_request& request, const std::string& text) {
    Answer a;
    const std::size_t n = static_cast<std::size_t>(np::Geometry::from_c(request.geometry).cell_count());
    for (std::size_t i = 0; i < NP_MAX_WITNESSES; ++i) {
        a.witness_cells[i].assign(n, 0);
        a.result.witnesses[i] = a.witness_cells[i].data();
    }
    a.status = np::detail::read_solver_output(instance, request, text, a.result);
    return a;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    (void)loaded();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    np::fuzz::Bytes bytes(data, size);
    const Loaded& l = loaded();
    const std::size_t which = bytes.pick(l.instances.size());
    static const np::Geometry kShapes[] = {{3, 3}, {2, 2}, {2, 3}, {3, 2}, {1, 5}, {3, 4}, {4, 4}, {5, 5}};
    const np::Geometry shape = kShapes[bytes.pick(std::size(kShapes))];
    static const uint64_t kLimits[] = {1, 2, NP_UNLIMITED};
    const uint64_t limit = kLimits[bytes.pick(std::size(kLimits))];
    // An empty puzzle, or one with a repeated given (the "invalid" path
    // locates the violation in it).
    std::vector<uint8_t> cells(static_cast<std::size_t>(shape.cell_count()), 0);
    if (bytes.byte() & 1) cells[0] = cells[1] = 1;
    const std::string text(bytes.rest());

    np_solve_request request{};
    request.geometry = shape.to_c();
    request.cells = cells.data();
    request.limit = limit;
    const Answer a = read(l.instances[which], request, text);
    const np_solve_result& r = a.result;

    NP_FUZZ_CHECK(a.status == NP_OK || a.status == NP_FAILED || a.status == NP_INVALID_INPUT,
                  "status " + std::to_string(a.status));
    NP_FUZZ_CHECK(std::memchr(r.message, '\0', sizeof r.message) != nullptr, "message not terminated");
    if (a.status != NP_OK) {
        NP_FUZZ_CHECK(r.message[0] != '\0', "a failure without a message");
    } else {
        NP_FUZZ_CHECK(r.count <= limit, "count " + std::to_string(r.count) + " above the limit");
        NP_FUZZ_CHECK(r.stop == NP_STOP_LIMIT || r.stop == NP_STOP_EXHAUSTED || r.stop == NP_STOP_BUDGET,
                      "stop " + std::to_string(r.stop));
        NP_FUZZ_CHECK(r.witness_count <= NP_MAX_WITNESSES, "too many witnesses");
        if (r.witness_count == 2) NP_FUZZ_CHECK(a.witness_cells[0] != a.witness_cells[1], "the same witness twice");
        for (uint32_t i = 0; i < r.witness_count; ++i)
            for (uint8_t v : a.witness_cells[i]) NP_FUZZ_CHECK(v != 0, "a witness with an empty cell");
    }
    const Answer again = read(l.instances[which], request, text);
    NP_FUZZ_CHECK(again.status == a.status && again.result.count == r.count && again.result.stop == r.stop &&
                      again.result.witness_count == r.witness_count &&
                      std::strcmp(again.result.message, r.message) == 0 &&
                      again.witness_cells[0] == a.witness_cells[0] && again.witness_cells[1] == a.witness_cells[1],
                  "the same output read twice gave two answers");
    return 0;
}
