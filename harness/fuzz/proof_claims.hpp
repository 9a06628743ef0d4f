// The claims a proof may be checked for, shared by fuzz's proof properties
// (properties.cpp, classic; variant_properties.cpp, variants): a verdict as
// the checker takes it, whether an independent count refutes it, its
// neighbours (the false claims a lie would make), and the checker's word.
// Internal to harness/fuzz.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/context.hpp"
#include "numplace/proof.hpp"

namespace np::fuzz {

// A verdict as the checker takes it, with the witness a unique claim names.
struct Claim {
    ProofClaim claim;
    std::optional<Grid> witness;

    uint64_t solutions() const { return claim.count; }  // 1 for unique, 0 for none
    std::string text() const;
    // The claim of a complete search's answer (the proof's own).
    static Claim of(const SolveOutcome& o);
};

// True when what the counter found shows the claim false.
bool refutes(const Context::Found& f, const Claim& c);
// The claim and its neighbours: none, one solution fewer, one more.
std::vector<Claim> claims_near(const Claim& c);
bool checker_accepts(const Grid& puzzle, std::string_view bytes, const Claim& c, uint64_t max_bytes);

}  // namespace np::fuzz
