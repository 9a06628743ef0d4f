#include "judge/judge.hpp"

#include <algorithm>
#include <array>

#include "numplace/certify.hpp"

namespace np::judge {

namespace {

constexpr std::array<std::string_view, 4> kStatusNames = {"pass", "fail", "unknown", "skip"};

struct KindRow {
    Kind kind;
    std::string_view name;
};
// The kinds and their names in rows, reports and findings. What each means
// is the table of kinds in docs/verification.md.
constexpr KindRow kKinds[] = {
    {Kind::certificate, "certificate"}, {Kind::expectation, "expectation"}, {Kind::disagreement, "disagreement"},
    {Kind::contract, "contract"},       {Kind::generator, "generator"},     {Kind::inconclusive, "inconclusive"},
    {Kind::crashed, "crashed"},         {Kind::timed_out, "timed-out"},     {Kind::out_of_memory, "out-of-memory"},
    {Kind::step, "step"},
};

Judgement pass(std::string finding = "") { return {Status::pass, Kind::none, std::move(finding)}; }
Judgement fail(Kind kind, std::string finding) { return {Status::fail, kind, std::move(finding)}; }

std::string name(Verdict v) { return std::string(verdict_name(v)); }

}  // namespace

std::string_view status_name(Status s) { return kStatusNames[static_cast<std::size_t>(s)]; }

std::optional<Status> status_from_name(std::string_view name) {
    for (std::size_t i = 0; i < kStatusNames.size(); ++i)
        if (kStatusNames[i] == name) return static_cast<Status>(i);
    return std::nullopt;
}

std::string_view kind_name(Kind kind) {
    for (const auto& row : kKinds)
        if (row.kind == kind) return row.name;
    return "";
}

std::optional<Kind> kind_from_name(std::string_view name) {
    if (name.empty()) return Kind::none;
    for (const auto& row : kKinds)
        if (row.name == name) return row.kind;
    return std::nullopt;
}

std::vector<Kind> all_kinds() {
    std::vector<Kind> out;
    for (const auto& row : kKinds) out.push_back(row.kind);
    return out;
}

bool conclusive(const SolveOutcome& out) {
    return out.fault == Fault::none && (out.verdict == Verdict::multiple || out.verdict == Verdict::invalid ||
                                        ((out.verdict == Verdict::none || out.verdict == Verdict::unique) && out.complete));
}

bool process_failure(Fault fault) {
    return fault == Fault::crashed || fault == Fault::timed_out || fault == Fault::out_of_memory;
}


Truth truth_from_corpus(const corpus::PuzzleExpectation& expect) {
    Truth t;
    t.established = true;
    t.verdict = expect.verdict;
    t.solution = expect.solution;
    t.witness = expect.solution;
    t.count = expect.count;
    t.at_least = expect.count ? *expect.count : expect.count_at_least.value_or(0);
    if (t.verdict == Verdict::multiple) t.at_least = std::max<uint64_t>(t.at_least, 2);
    t.source = "the corpus";
    return t;
}

namespace {

// Every certified witness, with who gave it, in answer order (the oracle's last).
using Witnesses = std::vector<std::pair<std::string, const Grid*>>;

Witnesses witnesses_of(const std::vector<NamedAnswer>& answers, const NamedAnswer& oracle) {
    Witnesses w;
    auto collect = [&](const NamedAnswer& a) {
        if (a.outcome == nullptr || a.outcome->fault != Fault::none) return;
        for (const Grid& g : a.outcome->solutions) w.emplace_back(a.plugin, &g);
    };
    for (const auto& a : answers) collect(a);
    collect(oracle);
    return w;
}

// The truth a conclusive answer of `plugin` states, on the strength of
// `source`.
Truth settled_by(const SolveOutcome& out, const std::string& plugin, std::string source) {
    Truth t;
    t.established = true;
    t.verdict = out.verdict;
    t.source = std::move(source);
    t.parties = {plugin};
    if (t.verdict == Verdict::unique) t.solution = out.solutions.at(0), t.count = 1, t.at_least = 1;
    if (t.verdict == Verdict::none) t.count = 0;
    if (t.verdict == Verdict::multiple) {
        t.at_least = std::max<uint64_t>(out.count, 2);
        if (out.complete) t.count = out.count;  // an exhausted count
    }
    return t;
}

// Rank 1: two different certified solutions make it multiple.
std::optional<Truth> two_solutions(const Witnesses& w) {
    for (std::size_t i = 1; i < w.size(); ++i) {
        if (*w[i].second == *w[0].second) continue;
        Truth t;
        t.established = true;
        t.verdict = Verdict::multiple;
        t.at_least = 2;
        t.witness = *w[0].second;
        t.source = "two different valid solutions (from " + w[0].first +
                   (w[i].first == w[0].first ? "" : " and " + w[i].first) + ")";
        t.parties = {w[0].first};
        if (w[i].first != w[0].first) t.parties.push_back(w[i].first);
        return t;
    }
    return std::nullopt;
}

// Rank 2: a proof the host's checker accepted, the oracle's first. A
// certified witness outranks a proof of none (a solution is checked on its
// face): such a proof is passed over, and its row fails on the witness.
std::optional<Truth> checked_proof(const std::vector<NamedAnswer>& answers, const NamedAnswer& oracle,
                                   const Witnesses& w) {
    std::vector<NamedAnswer> ranked{oracle};
    ranked.insert(ranked.end(), answers.begin(), answers.end());
    for (const auto& a : ranked) {
        const SolveOutcome* out = a.outcome;
        if (out == nullptr || out->fault != Fault::none || out->proof.status != ProofStatus::checked) continue;
        if (out->verdict == Verdict::none && !w.empty()) continue;
        if (out->verdict == Verdict::unique && out->solutions.empty()) continue;
        return settled_by(*out, a.plugin, a.plugin + "'s checked proof");
    }
    return std::nullopt;
}

// Rank 3: the oracle's complete search, unless it lied about it: a proof
// of its own that the checker rejected makes its search count for nothing,
// and a certified witness outranks its none (issue 40: a hostile oracle's
// refuted none failed every honest row). Either way its own row fails.
std::optional<Truth> complete_search(const NamedAnswer& oracle, const Witnesses& w) {
    if (oracle.outcome == nullptr || !conclusive(*oracle.outcome)) return std::nullopt;
    if (oracle.outcome->proof.status == ProofStatus::rejected) return std::nullopt;
    if (oracle.outcome->verdict == Verdict::none && !w.empty()) return std::nullopt;
    if (oracle.outcome->verdict == Verdict::unique && oracle.outcome->solutions.empty()) return std::nullopt;
    Truth t = settled_by(*oracle.outcome, oracle.plugin, oracle.plugin + "'s complete search");
    if (t.verdict == Verdict::multiple) t.count.reset();  // a search stopped at its limit: at least 2
    return t;
}

}  // namespace

Truth truth_from_answers(const std::vector<NamedAnswer>& answers, const SolveOutcome* oracle_answer,
                         const std::string& oracle_name) {
    const NamedAnswer oracle{oracle_name, oracle_answer};
    const Witnesses w = witnesses_of(answers, oracle);
    std::optional<Truth> t = two_solutions(w);
    if (!t) t = checked_proof(answers, oracle, w);
    if (!t) t = complete_search(oracle, w);
    Truth truth = t.value_or(Truth{});
    if (!truth.witness && !w.empty()) {
        truth.witness = *w[0].second;
        if (!truth.established) truth.parties = {w[0].first};  // its witness alone refutes a none
    }
    return truth;
}

std::optional<Judgement> judge_fault(Fault fault, uint32_t status, const std::string& message) {
    switch (fault) {
        case Fault::none: return std::nullopt;
        case Fault::refused: return Judgement{Status::skip, Kind::none, message};
        case Fault::wrong: return fail(Kind::certificate, message);
        case Fault::malformed: return fail(Kind::contract, message);
        case Fault::crashed: return fail(Kind::crashed, message);
        case Fault::timed_out: return fail(Kind::timed_out, message);
        case Fault::out_of_memory: return fail(Kind::out_of_memory, message);
        case Fault::failed:
            // A shape or grid it declines is not a wrong answer; anything
            // else it could not do is.
            if (status == NP_UNSUPPORTED) return Judgement{Status::skip, Kind::none, message};
            return fail(Kind::contract, message);
    }
    return std::nullopt;
}

namespace {

Judgement judge_answer(const SolveOutcome& out, const Truth& truth, Kind kind_if_wrong);

}  // namespace

Judgement judge_solve(const SolveOutcome& out, const Truth& truth, Kind kind_if_wrong) {
    if (auto j = judge_fault(out.fault, out.status, out.message)) return *j;
    if (out.proof.status == ProofStatus::rejected)
        return fail(Kind::certificate, "its proof was rejected: " + out.proof.note);
    Judgement j = judge_answer(out, truth, kind_if_wrong);
    // A sound checker never accepts a proof of what is false: one of the two
    // sources is wrong, and the finding says which two.
    if (j.status == Status::fail && out.proof.status == ProofStatus::checked)
        j.finding += "; its proof was checked, so " + (truth.established ? truth.source + " or " : std::string()) +
                     "the proof checker is wrong";
    return j;
}

std::optional<Judgement> unproved(const SolveOutcome& out, bool can_prove) {
    if (!can_prove || out.fault != Fault::none || !conclusive(out)) return std::nullopt;
    if (out.verdict != Verdict::unique && out.verdict != Verdict::none) return std::nullopt;
    if (out.proof.status == ProofStatus::checked || out.proof.declared == NP_PROOF_CANNOT) return std::nullopt;
    return fail(Kind::certificate, "says " + name(out.verdict) + " without a checked proof (--require-proofs): " +
                                       (out.proof.note.empty() ? "no proof" : out.proof.note));
}

namespace {

// Why a plugin concluded nothing, in its own terms: a budget it says it
// spent (nodes, deadline, terminate), or the reason it gave for giving up
// (naive-dom on a dead end answers at once, and "stopped by its budget"
// would say what did not happen).
std::string unknown_words(const SolveOutcome& out) {
    if (out.stop == NP_STOP_BUDGET && out.message.empty()) return "stopped by its budget";
    if (out.message.empty()) return "no conclusion";
    return "no conclusion: " + out.message;
}

Judgement judge_answer(const SolveOutcome& out, const Truth& truth, Kind kind_if_wrong) {
    if (out.verdict == Verdict::unknown) return {Status::unknown, Kind::none, unknown_words(out)};
    const Grid* mine = out.solutions.empty() ? nullptr : &out.solutions.front();
    const std::string says = name(out.verdict);

    if (!truth.established) {
        // Only a certified solution is known, if anything: it refutes "none".
        if (truth.witness && out.verdict == Verdict::none)
            return fail(kind_if_wrong, "says none, but a valid solution exists");
        return pass();
    }
    const std::string by = truth.source;
    switch (truth.verdict) {
        case Verdict::invalid:
            if (out.verdict == Verdict::invalid) return pass();
            return fail(kind_if_wrong, "says " + says + " for givens that break a rule (" + by + ")");
        case Verdict::none:
            if (out.verdict == Verdict::none) return pass();
            if (mine)  // certified: the truth's source is wrong, and the row says so
                return fail(kind_if_wrong, "found a valid solution where " + by + " says none");
            return fail(kind_if_wrong, "says " + says + ", " + by + " says none");
        case Verdict::unique:
            if (out.verdict == Verdict::multiple)
                return fail(kind_if_wrong, "gives two valid solutions where " + by + " says unique");
            if (out.verdict == Verdict::unique || out.verdict == Verdict::found) {
                if (mine && truth.solution && *mine != *truth.solution)
                    return fail(kind_if_wrong, "its solution differs from " + by + "'s at " +
                                                   where_grids_differ(*truth.solution, *mine));
                return pass();
            }
            return fail(kind_if_wrong, "says " + says + ", " + by + " says unique");
        case Verdict::multiple:
            if (out.verdict == Verdict::multiple || out.verdict == Verdict::found) {
                if (out.complete && truth.count && out.count != *truth.count)
                    return fail(kind_if_wrong, "counts " + std::to_string(out.count) + " in a complete search, " +
                                                   by + " counts " + std::to_string(*truth.count));
                if (truth.count && out.count > *truth.count)
                    return fail(kind_if_wrong, "finds " + std::to_string(out.count) + " solutions, " + by +
                                                   " counts " + std::to_string(*truth.count));
                if (out.complete && out.count < truth.at_least)
                    return fail(kind_if_wrong, "counts " + std::to_string(out.count) + " in a complete search, " +
                                                   by + " knows at least " + std::to_string(truth.at_least));
                return pass();
            }
            return fail(kind_if_wrong, "says " + says + ", " + by + " says multiple");
        default: break;
    }
    return pass();
}

}  // namespace

std::vector<std::string> contradictions(const std::vector<NamedAnswer>& answers, std::vector<std::string>* parties) {
    std::vector<std::string> out(answers.size());
    if (parties) parties->assign(answers.size(), "");
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const SolveOutcome& a = *answers[i].outcome;
        if (!conclusive(a)) continue;
        for (std::size_t k = 0; k < answers.size(); ++k) {
            const SolveOutcome& b = *answers[k].outcome;
            if (k == i || !conclusive(b)) continue;
            if (a.verdict != b.verdict) {
                out[i] = "says " + name(a.verdict) + ", " + answers[k].plugin + " says " + name(b.verdict);
                if (parties) (*parties)[i] = answers[k].plugin;
                break;
            }
        }
    }
    return out;
}

Judgement judge_check(const CheckOutcome& out, const corpus::GridCheckEntry& entry) {
    if (auto j = judge_fault(out.fault, out.status, out.message)) return *j;
    const bool says_valid = out.violations.empty();
    if (says_valid != entry.valid)
        return fail(Kind::expectation, std::string("says ") + (says_valid ? "valid" : "not valid") + ", the corpus says " +
                                       (entry.valid ? "valid" : "not valid"));
    // Each violation reported is one the rules find: the host certified it
    // (Session::check), and the corpus lists exactly what the rules find.
    return pass();
}

}  // namespace np::judge
