// The helpers of bench's measuring steps (measuring.hpp): budgets, an
// answer judged against the prover's truth (truth::prover_truth),
// fingerprints, percentiles, and the figures of a timed pass.
#include "bench/measuring.hpp"

#include <cmath>

#include "numplace/random.hpp"

namespace np::bench {

Budget budget_of(const Settings& s) {
    Budget b = s.harness.budget();
    b.max_proof_bytes = 0;
    return b;
}

std::optional<std::pair<judge::Kind, std::string>> judge_answer(const SolveOutcome& o, const Known& known,
                                                                const std::string& prover, const std::string& origin) {
    const judge::Judgement j = judge::judge_solve(o, truth::prover_truth(known, prover), judge::Kind::disagreement);
    if (j.status != judge::Status::fail) return std::nullopt;
    return std::pair{j.kind, origin + ": " + j.finding};
}

json finding(judge::Kind kind, const std::string& message) {
    return {{"kind", std::string(judge::kind_name(kind))}, {"message", message}};
}

uint64_t fingerprint(const SolveOutcome& o) {
    const unsigned char head[2] = {static_cast<unsigned char>(o.fault), static_cast<unsigned char>(o.verdict)};
    uint64_t h = fnv1a(std::string_view(reinterpret_cast<const char*>(head), 2));
    for (const Grid& g : o.solutions)
        h = fnv1a(std::string_view(reinterpret_cast<const char*>(g.cells.data()), g.cells.size()), h);
    return h;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    const auto k = static_cast<std::size_t>(std::min<double>(static_cast<double>(v.size()) - 1, std::floor(p * static_cast<double>(v.size()))));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
}

Budget budget_of(const Job& job) {
    Budget b = budget_of(job.settings);
    if (job.proofs) b.max_proof_bytes = job.settings.harness.max_proof_bytes ? job.settings.harness.max_proof_bytes : kProofBytes;
    return b;
}

bool timed_out(const Settings& s, const SolveOutcome& o, double micros) {
    return s.harness.timeout_seconds > 0 && o.verdict == Verdict::unknown && o.stop == NP_STOP_BUDGET &&
           micros >= s.harness.timeout_seconds * 1e6;
}

json sample_time(bool unknown, double micros) { return unknown ? json(nullptr) : json(micros); }

void add_pass_figures(json& figures, const Settings& s, const std::vector<double>& micros,
                      const std::vector<uint8_t>& unknown_at, const Sample& sample) {
    uint64_t timeouts = 0;
    double par2 = 0;
    for (std::size_t k = 0; k < micros.size(); ++k) {
        timeouts += unknown_at[k] == 2;
        par2 += unknown_at[k] != 0 ? 2 * s.harness.timeout_seconds : micros[k] * 1e-6;
    }
    figures["timeouts"] = timeouts;
    figures["par2_seconds"] = s.harness.timeout_seconds > 0 && !micros.empty()
                                  ? json(par2 / static_cast<double>(micros.size()))
                                  : json(nullptr);
    json us = json::array();
    for (std::size_t k = 0; k < sample.covered; ++k) {
        const std::size_t at = sample.position(k);
        us.push_back(sample_time(unknown_at[at] != 0, micros[at]));
    }
    figures["sample_us"] = us;
}

}  // namespace np::bench
