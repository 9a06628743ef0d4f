// Lies made from an honest proof, for fuzz's `proof` property: a proof's
// bytes (the format of numplace/proof_writer.hpp) read as a tree of node
// spans, and changed the ways a buggy or lying prover would change them. The
// property then checks that the framework's checker accepts none of them for
// a claim an independent search refutes. Pure functions of the bytes, the
// shape and an Rng: the same case makes the same mutations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/proof_writer.hpp"
#include "numplace/random.hpp"

namespace np::fuzz {

// One node of a proof: where its header starts and ends, and where its
// subtree ends (the next sibling's header starts there).
struct ProofNode {
    std::size_t offset = 0, header = 0, end = 0;
    proof::Kind kind = proof::Kind::leaf;
    int count = 0;  // the header's count field
    int depth = 0;  // the root's is 0
};

// The nodes in pre-order; nullopt when the bytes are not exactly one whole,
// well-formed tree (mutations start from a proof the checker accepted, so
// that only means a bug here).
std::optional<std::vector<ProofNode>> proof_nodes(std::string_view bytes, proof::Shape shape);

enum class Mutation {
    drop_child,     // a split loses one alternative and its subtree
    swap_values,    // two alternatives of a split trade places (their subtrees stay)
    cut_bytes,      // the proof ends early, or a run of bytes goes from its middle
};
inline constexpr Mutation kMutations[] = {Mutation::drop_child, Mutation::swap_values, Mutation::cut_bytes};
const char* mutation_name(Mutation m);  // "a child dropped", ...

struct Mutated {
    std::string bytes;
    std::string what;  // "child 2 of node 17 dropped", for a finding's message
};

// One mutation of `kind`, drawn from `rng`; nullopt when the proof has no
// place for it (no split with two alternatives to swap, say). The node is
// drawn by depth first, then among the nodes at that depth: most of a
// proof's nodes lie deep, below where the checker has already concluded and
// reads without judging, and a lie there changes nothing; the few near the
// root are all judged.
std::optional<Mutated> mutate_proof(std::string_view bytes, proof::Shape shape, Mutation kind, Rng& rng);

}  // namespace np::fuzz
