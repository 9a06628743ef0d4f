// The YAML corpus loader on whole files. Beyond "no crash": every entry it
// accepts keeps what the loader promises (a unique puzzle's solution is a
// real solution of it, a valid grid obeys the rules), and every entry written
// back with to_yaml loads again as the same entry ("load_text of the result
// gives the entry back", corpus.hpp).
#include <string>

#include "corpus/corpus.hpp"
#include "fuzz_support.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"

namespace {

using namespace np::corpus;

bool same_reason(const std::optional<ExpectedReason>& a, const std::optional<ExpectedReason>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (!a) return true;
    return a->code == b->code && a->row == b->row && a->column == b->column && a->box == b->box &&
           a->value == b->value;
}

bool same_puzzle(const np::ParseResult& a, const np::ParseResult& b) {
    if (np::parsed(a) != np::parsed(b)) return false;
    if (np::parsed(a)) return std::get<np::Grid>(a) == std::get<np::Grid>(b);
    return std::get<np::Reason>(a).code == std::get<np::Reason>(b).code;
}

bool same(const PuzzleEntry& a, const PuzzleEntry& b) {
    return a.id == b.id && a.size == b.size && same_puzzle(a.puzzle, b.puzzle) &&
           a.expect.verdict == b.expect.verdict && a.expect.solution == b.expect.solution &&
           a.expect.count == b.expect.count && a.expect.count_at_least == b.expect.count_at_least &&
           same_reason(a.expect.reason, b.expect.reason) && a.source == b.source && a.tags == b.tags &&
           a.notes == b.notes;
}

bool same(const GridCheckEntry& a, const GridCheckEntry& b) {
    if (a.violations.size() != b.violations.size()) return false;
    for (std::size_t i = 0; i < a.violations.size(); ++i)
        if (!same_reason(a.violations[i], b.violations[i])) return false;
    return a.id == b.id && a.size == b.size && a.grid == b.grid && a.valid == b.valid && a.source == b.source &&
           a.tags == b.tags && a.notes == b.notes;
}

// The fields every kind has, for the message of a failed round trip.
template <typename Entry>
std::string common_fields(const Entry& e) {
    std::string tags;
    for (const auto& t : e.tags) tags += "[" + t + "]";
    return "id [" + e.id + "] source [" + e.source + "] tags " + tags + " notes [" + e.notes + "]";
}

bool same(const GeneratorEntry& a, const GeneratorEntry& b) {
    const GeneratorProperties &x = a.expect, &y = b.expect;
    return a.id == b.id && a.plugin == b.plugin && a.what == b.what && a.size == b.size && a.seed == b.seed &&
           a.count == b.count && a.options == b.options && x.full == y.full && x.valid == y.valid &&
           x.unique == y.unique && x.minimal == y.minimal && x.symmetric == y.symmetric &&
           x.deterministic == y.deterministic && x.max_clues == y.max_clues && a.source == b.source &&
           a.tags == b.tags && a.notes == b.notes;
}

template <typename Entry>
const std::vector<Entry>& entries_of(const Corpus& c);
template <>
const std::vector<PuzzleEntry>& entries_of(const Corpus& c) { return c.puzzles; }
template <>
const std::vector<GridCheckEntry>& entries_of(const Corpus& c) { return c.grid_checks; }
template <>
const std::vector<GeneratorEntry>& entries_of(const Corpus& c) { return c.generators; }

template <typename Entry>
void round_trip(const Entry& entry) {
    const std::string yaml = to_yaml(entry);
    const LoadResult again = load_text(yaml, "again.yaml");
    std::string errors;
    for (const auto& d : again.errors) errors += "\n  " + d.text();
    NP_FUZZ_CHECK(again.ok() && again.corpus.entries() == 1, "entry " + entry.id + " written as\n" + yaml +
                                                                 "does not load back:" + errors);
    const auto& back = entries_of<Entry>(again.corpus);
    NP_FUZZ_CHECK(back.size() == 1 && same(entry, back[0]),
                  "entry " + entry.id + " loads back different from\n" + yaml + "loaded:   " + common_fields(entry) +
                      (back.size() == 1 ? "\nback as:  " + common_fields(back[0]) : ""));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const LoadResult result = load_text(text, "fuzz.yaml");
    for (const auto& d : result.errors) NP_FUZZ_CHECK(!d.message.empty(), "a diagnostic without words");

    for (const PuzzleEntry& e : result.corpus.puzzles) {
        if (e.expect.verdict == np::Verdict::unique) {
            NP_FUZZ_CHECK(np::parsed(e.puzzle) && e.expect.solution, "unique entry " + e.id + " without a solution");
            const std::string wrong = np::certify_solution(std::get<np::Grid>(e.puzzle), *e.expect.solution);
            NP_FUZZ_CHECK(wrong.empty(), "entry " + e.id + "'s solution was accepted but: " + wrong);
        }
        round_trip(e);
    }
    for (const GridCheckEntry& e : result.corpus.grid_checks) {
        NP_FUZZ_CHECK(e.valid == np::check_rules(e.grid).empty(), "grid check " + e.id + " says valid wrongly");
        round_trip(e);
    }
    for (const GeneratorEntry& e : result.corpus.generators) round_trip(e);
    return 0;
}
