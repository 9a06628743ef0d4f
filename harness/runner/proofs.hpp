// Proofs, checked here, in the trusted process, whichever process ran the
// plugin: whether a call asks for them, and the proofs of generated
// puzzles, held until the puzzles are known (both runners use them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "numplace/host.hpp"
#include "numplace/proof.hpp"

namespace np::runner {

inline bool proofs_wanted(const Plugin& p, const Budget& budget) {
    return budget.max_proof_bytes > 0 && p.can(NP_CAP_PROOF);
}

// The proofs of generated puzzles, kept by their place in the request until
// the puzzles are known (a checker starts from the puzzle). The puzzles of
// one request share the byte budget.
class GeneratedProofs {
public:
    explicit GeneratedProofs(uint64_t max_bytes) : max_bytes_(max_bytes) {}
    // False (take no more) past the budget.
    bool take(uint64_t place, std::string_view bytes) {
        total_ += bytes.size();
        if (total_ > max_bytes_ || place > kMaxPlaces) return false;
        if (place >= bytes_.size()) bytes_.resize(place + 1);
        bytes_[place].append(bytes);
        return true;
    }
    uint64_t total() const { return total_; }
    // out.proofs (the bytes each puzzle's writer tried to send, as the
    // session or worker said) becomes one checked outcome per puzzle.
    void judge(GenerateOutcome& out) {
        if (out.proofs.empty()) return;
        std::vector<ProofOutcome> judged;
        for (std::size_t i = 0; i < out.results.size(); ++i) {
            const uint64_t attempted = i < out.proofs.size() ? out.proofs[i].bytes : 0;
            ProofIntake intake(out.results[i], max_bytes_);
            if (i < bytes_.size()) intake.feed(bytes_[i]);
            judged.push_back(total_ > max_bytes_ ? ProofOutcome{ProofStatus::absent, NP_PROOF_WRITTEN, total_, 0, 0,
                                                                "over the byte budget of the call's proofs"}
                                                 : intake.judge_generated(attempted));
        }
        out.proofs = std::move(judged);
    }

private:
    static constexpr uint64_t kMaxPlaces = 1u << 20;
    uint64_t max_bytes_, total_ = 0;
    std::vector<std::string> bytes_;
};

}  // namespace np::runner
