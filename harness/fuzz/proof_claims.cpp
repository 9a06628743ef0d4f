// The claims a proof may be checked for (proof_claims.hpp).
#include "fuzz/proof_claims.hpp"

namespace np::fuzz {

std::string Claim::text() const {
    if (claim.kind == ProofClaim::Kind::unique) return witness ? "unique" : "exactly one solution";
    if (claim.kind == ProofClaim::Kind::none) return "none";
    return "exactly " + std::to_string(claim.count) + " solutions";
}

Claim Claim::of(const SolveOutcome& o) {
    if (o.verdict == Verdict::unique) return {ProofClaim::unique(), o.solutions.at(0)};
    if (o.verdict == Verdict::none) return {ProofClaim::none(), std::nullopt};
    return {ProofClaim::exactly(o.count), std::nullopt};
}

// A unique claim's witness is compared by its cells (a variant's may carry
// its rules or not).
bool refutes(const Context::Found& f, const Claim& c) {
    if (!f.exact) return f.count > c.solutions();  // at least f.count
    if (f.count != c.solutions()) return true;
    return c.claim.kind == ProofClaim::Kind::unique && c.witness && c.witness->cells != f.first.cells;
}

std::vector<Claim> claims_near(const Claim& c) {
    std::vector<Claim> out = {c};
    const auto add = [&](uint64_t n) {
        for (const Claim& o : out)
            if (o.solutions() == n) return;
        out.push_back({n == 0 ? ProofClaim::none() : ProofClaim::exactly(n), std::nullopt});
    };
    add(0);
    if (c.solutions() > 1) add(c.solutions() - 1);
    add(c.solutions() + 1);
    return out;
}

bool checker_accepts(const Grid& puzzle, std::string_view bytes, const Claim& c, uint64_t max_bytes) {
    ProofChecker checker(puzzle, max_bytes);
    checker.feed(bytes);
    return checker.finish(c.claim, c.witness ? &*c.witness : nullptr).accepted;
}

}  // namespace np::fuzz
