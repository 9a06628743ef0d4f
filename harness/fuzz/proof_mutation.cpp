#include "fuzz/proof_mutation.hpp"

#include <algorithm>

namespace np::fuzz {

namespace {

using proof::Kind;

std::size_t header_size(Kind kind, int count, int cell_bytes) {
    switch (kind) {
        case Kind::leaf: return 1;
        case Kind::split_cell: return 1 + static_cast<std::size_t>(cell_bytes + count);
        case Kind::split_place: return 3 + static_cast<std::size_t>(count);
        case Kind::eliminate: break;
    }
    return 1 + static_cast<std::size_t>(count * (cell_bytes + 1));
}

int children(Kind kind, int count) { return kind == Kind::eliminate ? count + 1 : kind == Kind::leaf ? 0 : count; }

// JUSTIFY (docs/proofs.md, "Variants"): 0x01, rule (2), s, s cells, m, m
// pairs; one child when m > 0. False when the bytes end first.
bool justify_size(std::string_view bytes, std::size_t at, int cell_bytes, std::size_t& size, int& kids) {
    const auto byte = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<uint8_t>(bytes[at + i])); };
    const auto cb = static_cast<std::size_t>(cell_bytes);
    if (at + 4 > bytes.size()) return false;
    const std::size_t s = byte(3);
    if (at + 5 + s * cb > bytes.size()) return false;
    const std::size_t m = byte(4 + s * cb);
    size = 5 + s * cb + m * (cb + 1);
    kids = m > 0 ? 1 : 0;
    return true;
}

// Where a split's alternatives (values or positions) start in its header.
std::size_t first_alternative(const ProofNode& n, int cell_bytes) {
    return n.offset + (n.kind == Kind::split_cell ? 1 + static_cast<std::size_t>(cell_bytes) : 3);
}

bool is_split(const ProofNode& n) { return n.kind == Kind::split_cell || n.kind == Kind::split_place; }

// A split with at least `alternatives` alternatives, at a depth drawn
// uniformly from those that have one; nullopt when there is none.
std::optional<std::size_t> draw_split(const std::vector<ProofNode>& nodes, int alternatives, Rng& rng) {
    std::vector<std::vector<std::size_t>> by_depth;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!is_split(nodes[i]) || nodes[i].count < alternatives) continue;
        if (by_depth.size() <= static_cast<std::size_t>(nodes[i].depth)) by_depth.resize(nodes[i].depth + 1);
        by_depth[nodes[i].depth].push_back(i);
    }
    std::erase_if(by_depth, [](const auto& level) { return level.empty(); });
    if (by_depth.empty()) return std::nullopt;
    const auto& level = by_depth[rng.below(by_depth.size())];
    return level[rng.below(level.size())];
}

std::string node_name(std::size_t index) { return "node " + std::to_string(index + 1); }

Mutated drop_child(std::string_view bytes, const std::vector<ProofNode>& nodes, std::size_t at, int cell_bytes,
                   Rng& rng) {
    const ProofNode& n = nodes[at];
    const int child = static_cast<int>(rng.below(static_cast<uint64_t>(n.count)));
    // The child's subtree: the first starts after the header, each next one
    // where the one before ends.
    std::size_t start = n.offset + n.header, index = at + 1;
    for (int c = 0; c < child; ++c) {
        start = nodes[index].end;
        while (index < nodes.size() && nodes[index].offset < start) ++index;
    }
    const std::size_t end = nodes[index].end;
    std::string out(bytes.substr(0, start));
    out.append(bytes.substr(end));
    out.erase(first_alternative(n, cell_bytes) + static_cast<std::size_t>(child), 1);
    out[n.offset] = static_cast<char>(static_cast<uint8_t>(out[n.offset]) - 1);  // count - 1
    return {out, "child " + std::to_string(child + 1) + " of " + node_name(at) + " dropped"};
}

Mutated swap_values(std::string_view bytes, const std::vector<ProofNode>& nodes, std::size_t at, int cell_bytes,
                    Rng& rng) {
    const ProofNode& n = nodes[at];
    const auto i = rng.below(static_cast<uint64_t>(n.count));
    auto j = rng.below(static_cast<uint64_t>(n.count - 1));
    if (j >= i) ++j;
    std::string out(bytes);
    const std::size_t first = first_alternative(n, cell_bytes);
    std::swap(out[first + i], out[first + j]);
    return {out, "alternatives " + std::to_string(std::min(i, j) + 1) + " and " + std::to_string(std::max(i, j) + 1) +
                     " of " + node_name(at) + " swapped"};
}

Mutated cut_bytes(std::string_view bytes, Rng& rng) {
    const std::size_t size = bytes.size(), start = rng.below(size);
    const std::string of = " of " + std::to_string(size);
    if (rng.below(2) == 0) return {std::string(bytes.substr(0, start)), "cut after byte " + std::to_string(start) + of};
    const std::size_t end = start + 1 + rng.below(size - start);
    std::string out(bytes.substr(0, start));
    out.append(bytes.substr(end));
    return {out, "bytes " + std::to_string(start + 1) + " to " + std::to_string(end) + of + " cut"};
}

}  // namespace

const char* mutation_name(Mutation m) {
    switch (m) {
        case Mutation::drop_child: return "a child dropped";
        case Mutation::swap_values: return "two values swapped";
        case Mutation::cut_bytes: break;
    }
    return "bytes cut";
}

std::optional<std::vector<ProofNode>> proof_nodes(std::string_view bytes, proof::Shape shape) {
    std::vector<ProofNode> nodes;
    std::vector<std::pair<std::size_t, int>> open;  // (node, children still to read)
    std::size_t at = 0;
    while (at < bytes.size()) {
        if (!nodes.empty() && open.empty()) return std::nullopt;  // bytes after the root's tree
        const auto byte = static_cast<uint8_t>(bytes[at]);
        ProofNode n{at, 0, 0, Kind(byte >> 6), byte & proof::kMaxCount, static_cast<int>(open.size())};
        int kids = children(n.kind, n.count);
        if (n.kind == Kind::leaf && n.count == 1) {  // a variant's JUSTIFY: its size and child in its fields
            if (!justify_size(bytes, at, shape.cell_bytes(), n.header, kids)) return std::nullopt;
        } else {
            n.header = header_size(n.kind, n.count, shape.cell_bytes());
        }
        if (at + n.header > bytes.size()) return std::nullopt;
        at += n.header;
        nodes.push_back(n);
        if (kids > 0) {
            open.emplace_back(nodes.size() - 1, kids);
            continue;
        }
        nodes.back().end = at;
        // Every node whose last child just ended ends here too.
        while (!open.empty() && --open.back().second == 0) {
            nodes[open.back().first].end = at;
            open.pop_back();
        }
    }
    if (nodes.empty() || !open.empty()) return std::nullopt;
    return nodes;
}

std::optional<Mutated> mutate_proof(std::string_view bytes, proof::Shape shape, Mutation kind, Rng& rng) {
    if (bytes.empty()) return std::nullopt;
    if (kind == Mutation::cut_bytes) return cut_bytes(bytes, rng);
    const auto nodes = proof_nodes(bytes, shape);
    if (!nodes) return std::nullopt;
    const auto at = draw_split(*nodes, kind == Mutation::drop_child ? 1 : 2, rng);
    if (!at) return std::nullopt;
    if (kind == Mutation::drop_child) return drop_child(bytes, *nodes, *at, shape.cell_bytes(), rng);
    return swap_values(bytes, *nodes, *at, shape.cell_bytes(), rng);
}

}  // namespace np::fuzz
