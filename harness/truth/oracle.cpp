// The oracle's word on one puzzle, through the runner (oracle.hpp).
#include "truth/oracle.hpp"

#include <algorithm>

#include "numplace/certify.hpp"

namespace np::truth {

std::optional<OracleCall> oracle_call(const Plugin* oracle, const std::vector<Plugin>& judged) {
    if (oracle == nullptr) return std::nullopt;
    const bool judged_too = std::any_of(judged.begin(), judged.end(), [&](const Plugin& p) {
        return p.can(NP_CAP_SOLVE) && p.name() == oracle->name();
    });
    if (judged_too) return std::nullopt;
    return OracleCall{oracle, kOracleLimit};
}

bool is_oracle(const Plugin& plugin, const Plugin* oracle) {
    return oracle != nullptr && plugin.name() == oracle->name();
}

judge::Truth plain_truth(const Grid& grid, const std::vector<judge::NamedAnswer>& answers,
                         const SolveOutcome* oracle_answer, const Plugin* oracle) {
    if (obeys_rules(grid)) return judge::truth_from_answers(answers, oracle_answer, oracle ? oracle->name() : "");
    judge::Truth truth;
    truth.established = true;
    truth.verdict = Verdict::invalid;
    truth.source = "the rules";
    return truth;
}

Asked ask_oracle(const Plugin* oracle, const Grid& grid, const std::vector<judge::NamedAnswer>& answers,
                 runner::Runner& run, const Budget& budget) {
    Asked asked;
    if (oracle && oracle->supports(grid.geometry))
        asked.answer = run.solve_one(*oracle, grid, kOracleLimit, {}, budget);
    asked.truth = judge::truth_from_answers(answers, asked.answer ? &*asked.answer : nullptr,
                                            oracle ? oracle->name() : "");
    return asked;
}

std::optional<Grid> unique_solution(const Plugin* prover, const Grid& grid, runner::Runner& run, const Budget& budget) {
    if (!prover || !prover->supports(grid.geometry)) return std::nullopt;
    const SolveOutcome out = run.solve_one(*prover, grid, kOracleLimit, {}, budget);
    if (out.fault != Fault::none || !out.complete || out.verdict != Verdict::unique) return std::nullopt;
    return out.solutions.at(0);
}

std::optional<Count> count(const Plugin& counter, const Grid& grid, uint64_t limit, runner::Runner& run,
                           const Budget& budget) {
    const SolveOutcome out = run.solve_one(counter, grid, limit, {}, budget);
    if (out.fault != Fault::none) return std::nullopt;
    Count c{out.count, out.complete, std::nullopt};
    if (out.complete && out.count == 1) c.first = out.solutions.at(0);
    return c;
}

}  // namespace np::truth
