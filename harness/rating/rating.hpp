// Difficulty ratings from certified steps (docs/rating.md). A rating is the
// harness's, never a plugin's: any plugin that explains hands over its
// steps, the host certifies each one (StepIntake), and these functions rate
// them with one documented table, so that two explainers are rated on one
// scale. What a step may influence is only its own difficulty: the table
// is keyed by the technique's name, and the modifiers come from what the
// host sees (the candidate state before the step, the pattern's cells) or
// from np_step.length, capped by the host.
//
// Two scales:
//  - SE-style (Sudoku Explainer): the hardest step (ER), the hardest up to
//    the first placement (EP) and the first step's (ED), in tenths. The
//    table follows SE v1.2.1, or with `sukaku` Sukaku Explainer's additions
//    (skyscraper, kite, turbot fish, the bigger wings), which rated the
//    exchange_diabolical collection.
//  - HoDoKu-style: the sum of the steps' scores, and a level (easy, medium,
//    hard, unfair, extreme): the highest of the steps' levels, raised while
//    the score is beyond that level's cap.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/steps.hpp"

namespace np::rating {

enum class Table { se, sukaku };
std::optional<Table> table_named(const std::string& name);  // "se", "sukaku"
const char* table_name(Table t);

// SE-style classes, by the band of the rating that SE's table gives each
// family (subsets and basic fish interleave in it, so they share a band).
enum class Class { single, subset_fish, wing, chain, forcing_chain, dynamic_chain, nested };
const char* class_name(Class c);
Class class_of(int tenths);  // the band a rating falls in
inline constexpr int kClasses = 7;

enum class Level { easy, medium, hard, unfair, extreme };
const char* level_name(Level l);
inline constexpr int kLevels = 5;

// One technique's entry in the table: known or not, its SE-style
// difficulty in tenths with the modifiers applied, and its HoDoKu-style
// score and level.
struct StepRating {
    bool known = false;
    int tenths = 0;
    int score = 0;
    Level level = Level::easy;
};

// A step rated against `before`, the certified state it acts on.
StepRating rate_step(const Step& step, const StepState& before, Table table);

struct Rating {
    bool solved = false;   // the steps end in a full grid
    int er = 0, ep = 0, ed = 0;  // tenths; 0 when there are no steps
    std::string hardest;   // the technique of the (first) hardest step
    int hardest_step = 0;  // its number, 1-based
    long long score = 0;
    Level level = Level::easy;
    // Why the rating is void ("" when it is not): the first step refused,
    // "step K (NAME): why" (a name outside the vocabulary, a step that does
    // not fit its technique: techniques.hpp). No figure above counts it.
    std::string unknown;
    std::size_t steps = 0;
};

// Rates certified steps one at a time, as they come, so that a caller need
// hold no step (rate streams them from the runner's sink). Each step is
// classed first (technique_problem: the vocabulary and the technique's
// shape), then rated against the state the steps before it left.
class Rater {
public:
    Rater(const Grid& puzzle, Table table);
    // False once the rating is void (this step or an earlier one refused):
    // nothing more is taken.
    bool take(const Step& step);
    Rating result() const;

private:
    StepState state_;
    Table table_;
    Rating out_;
    bool placed_ = false;
    int highest_ = 0;  // the highest level of a step so far
};

// Rates certified steps of `puzzle` (in the order applied): a Rater over
// them. Steps must have been certified (StepIntake): they are applied
// again here to know each one's state.
Rating rate(const Grid& puzzle, const std::vector<Step>& steps, Table table);

// "7.2" for 72 tenths.
std::string tenths_text(int tenths);

// SE's rule for chains: +0.1 each time the length passes a ceiling of 4,
// 6, 8, 12, 16, 24, 32, ... (each ceiling 3/2, then 4/3, of the one before).
int length_tenths(std::size_t length);

// The highest ER any step can be given in `table`: the largest base, plus
// the most a chain's length adds at 25x25 (its length is at most N*N*N).
// A band above it can hold no puzzle.
int highest_tenths(Table table);

// "7.0..7.5" (either side may be left out: "8.0.." is 8.0 and up) in
// tenths; nullopt with `error` said when the text is no band.
std::optional<std::pair<std::optional<int>, std::optional<int>>> parse_band(const std::string& text,
                                                                            std::string& error);
// "x-wing" for "X-Wing", "locked-candidates-pointing" for "locked
// candidates (pointing)": lower case, every run of other characters one '-'.
std::string technique_slug(const std::string& name);

// The table, for docs and `numplace rate --table`: one row per name.
struct TableRow {
    std::string technique;
    std::string se;  // "6.5 + length", "1.2 box / 1.5 line"
    int score = 0;
    Level level = Level::easy;
};
std::vector<TableRow> table_rows(Table table);

}  // namespace np::rating
