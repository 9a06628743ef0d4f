// The host's side of a proof (ProofIntake, proof.hpp): which claim an answer
// makes, and whether the bytes that came with it prove it.
#include <algorithm>
#include <cstdio>

#include "numplace/clock.hpp"
#include "numplace/proof.hpp"

namespace np {

namespace {

std::string bytes_text(uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

}  // namespace

ProofIntake::ProofIntake(const Grid& puzzle, uint64_t max_bytes, double max_check_seconds)
    : started_ns_(monotonic_ns()),
      checker_(puzzle, max_bytes),
      max_bytes_(max_bytes),
      max_check_ns_(max_check_seconds > 0 ? std::max<uint64_t>(1, static_cast<uint64_t>(max_check_seconds * 1e9)) : 0),
      max_check_seconds_(max_check_seconds) {
    checked_ns_ = monotonic_ns() - started_ns_;
}

bool ProofIntake::feed(std::string_view bytes) {
    received_ += bytes.size();
    if (overtime_ || refused_) return false;  // only counted from here
    const uint64_t start = monotonic_ns();
    const bool more = checker_.feed(bytes);
    refused_ = refused_ || !more;  // the checker has refused these bytes: a lie, whatever follows
    checked_ns_ += monotonic_ns() - start;
    overtime_ = !refused_ && max_check_ns_ != 0 && checked_ns_ > max_check_ns_;
    return more && !overtime_ && received_ <= max_bytes_;
}

// The checker's verdict on a claim, or why there is nothing to check.
ProofOutcome ProofIntake::finish(ProofClaim claim, const Grid* witness, ProofOutcome outcome) {
    outcome.bytes = std::max(outcome.bytes, received_);
    if (outcome.bytes > max_bytes_) {
        outcome.note = "over the byte budget of " + bytes_text(max_bytes_) + " (--max-proof-bytes)";
        return outcome;
    }
    if (received_ == 0) {
        outcome.note = "no proof was written";
        return outcome;
    }
    if (overtime_) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", max_check_seconds_);
        outcome.check_micros = checked_ns_ / 1000;
        outcome.note = std::string("its check ran past ") + seconds + " s (the call's timeout), so it was not finished";
        return outcome;
    }
    const uint64_t start = monotonic_ns();
    const ProofResult r = checker_.finish(claim, witness);
    outcome.check_micros = (checked_ns_ + monotonic_ns() - start) / 1000;
    outcome.nodes = r.nodes;
    outcome.status = r.accepted ? ProofStatus::checked : ProofStatus::rejected;
    outcome.note = r.reason;
    return outcome;
}

void ProofIntake::judge(SolveOutcome& out) {
    ProofOutcome& proof = out.proof;
    proof.bytes = std::max(proof.bytes, received_);
    const bool concluded = out.fault == Fault::none && out.complete &&
                           (out.verdict == Verdict::unique || out.verdict == Verdict::none ||
                            out.verdict == Verdict::multiple);
    if (!concluded) {
        proof.note = "no complete search to prove";
        return;
    }
    if (proof.bytes > max_bytes_) {  // the sink refused the rest; the plugin then declares nothing
        proof.note = "over the byte budget of " + bytes_text(max_bytes_) + " (--max-proof-bytes)";
        return;
    }
    // Told to stop once its bytes were refused, an honest-to-the-ABI plugin
    // declares nothing: what it sent is still a lie about this answer.
    if (refused_ && proof.declared != NP_PROOF_WRITTEN) proof.declared = NP_PROOF_WRITTEN;
    if (proof.declared == NP_PROOF_CANNOT) {
        proof.note = "the plugin cannot prove with these options";
        return;
    }
    if (proof.declared != NP_PROOF_WRITTEN) {
        proof.note = received_ > 0 ? "the plugin did not declare its bytes a proof" : "no proof was written";
        return;
    }
    const ProofClaim claim = out.verdict == Verdict::unique ? ProofClaim::unique()
                             : out.verdict == Verdict::none ? ProofClaim::none()
                                                            : ProofClaim::exactly(out.count);
    const Grid* witness = out.verdict == Verdict::unique && !out.solutions.empty() ? &out.solutions[0] : nullptr;
    proof = finish(claim, witness, proof);
}

ProofOutcome ProofIntake::judge_generated(uint64_t attempted) {
    ProofOutcome outcome;
    outcome.declared = NP_PROOF_WRITTEN;
    outcome.bytes = attempted;
    return finish(ProofClaim::unique(), nullptr, outcome);
}

}  // namespace np
