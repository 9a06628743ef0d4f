// Relabellings of variant puzzles (variant_map.hpp): which kinds each kind
// of relabelling keeps (docs/variants.md, "relabelling", per kind), and the
// puzzle relabelled with the values that must move with the digits.
#include <algorithm>
#include <numeric>

#include "fuzz/variant_map.hpp"

namespace np::fuzz {

namespace {

// Kinds every permutation keeps (docs: "relabelling: any").
bool kept_by_any(Kind k, const Constraint& c) {
    switch (k) {
    case Kind::extra_region: case Kind::disjoint_groups: case Kind::diagonal_positive:
    case Kind::diagonal_negative: case Kind::anti_knight: case Kind::anti_king: case Kind::palindrome:
    case Kind::clone:
        return true;
    case Kind::killer_cage: return c.values.empty();  // a cage without a sum
    default: return false;
    }
}

// Kinds the complement keeps as they are (docs: "the complement").
bool kept_by_complement(Kind k) {
    switch (k) {
    case Kind::non_consecutive: case Kind::difference: case Kind::renban: case Kind::whispers:
    case Kind::between_line: case Kind::entropic_line:
        return true;
    default: return false;
    }
}

// A random permutation of the digits within each class of `class_of`.
std::vector<int> within_classes(int side, Rng& rng, int (*class_of)(int d, int side)) {
    std::vector<int> sigma(static_cast<std::size_t>(side + 1));
    std::iota(sigma.begin(), sigma.end(), 0);
    for (int k = 0; k < side; ++k) {
        std::vector<int> members;
        for (int d = 1; d <= side; ++d)
            if (class_of(d, side) == k) members.push_back(d);
        std::vector<int> images = members;
        rng.shuffle(images.begin(), images.end());
        for (std::size_t i = 0; i < members.size(); ++i) sigma[static_cast<std::size_t>(members[i])] = images[i];
    }
    return sigma;
}

int one_class(int, int) { return 0; }
int parity_class(int d, int) { return d % 2; }
int third_class(int d, int side) { return (d - 1) / (side / 3); }

int sum_of_complement(const Constraint& c, int side) {
    return static_cast<int>(c.cells[0].size()) * (side + 1) - c.values[0];
}

}  // namespace

std::string Relabelling::name() const {
    switch (kind) {
    case RelabelKind::any: return "relabelled";
    case RelabelKind::complement: return "complemented (d -> N+1-d)";
    case RelabelKind::parity: return "relabelled keeping parity";
    case RelabelKind::thirds: return "relabelled keeping thirds";
    }
    return "";
}

Relabelling draw_relabelling(RelabelKind kind, int side, Rng& rng) {
    Relabelling r{kind, {}};
    if (kind == RelabelKind::complement) {
        r.sigma.push_back(0);
        for (int d = 1; d <= side; ++d) r.sigma.push_back(side + 1 - d);
        return r;
    }
    r.sigma = within_classes(side, rng, kind == RelabelKind::parity ? parity_class
                                        : kind == RelabelKind::thirds ? third_class
                                                                      : one_class);
    return r;
}

bool relabels(Kind kind, const Constraint& c, RelabelKind how, int side) {
    if (kept_by_any(kind, c) || kind == Kind::quadruple) return true;  // a quadruple's digits move with sigma
    switch (how) {
    case RelabelKind::any: return false;
    case RelabelKind::parity: return kind == Kind::odd || kind == Kind::even;
    case RelabelKind::thirds: return kind == Kind::entropic_line;
    case RelabelKind::complement:
        if (kept_by_complement(kind)) return true;
        if (kind == Kind::odd || kind == Kind::even) return side % 2 == 1;
        return kind == Kind::killer_cage || kind == Kind::little_killer || kind == Kind::thermometer ||
               kind == Kind::minimum || kind == Kind::maximum;
    }
    return false;
}

std::vector<RelabelKind> relabellings_for(const Puzzle& p) {
    std::vector<RelabelKind> out;
    for (RelabelKind how : {RelabelKind::any, RelabelKind::complement, RelabelKind::parity, RelabelKind::thirds}) {
        if (how == RelabelKind::thirds && p.side() % 3 != 0) continue;
        // The negative rules are kept as their kinds are: difference's by
        // the complement, XV's and ratio's by none.
        const bool negatives = std::all_of(p.negative.begin(), p.negative.end(), [&](Kind k) {
            return k == Kind::difference && how == RelabelKind::complement;
        });
        if (negatives && std::all_of(p.constraints.begin(), p.constraints.end(),
                                     [&](const Constraint& c) { return relabels(c.kind, c, how, p.side()); }))
            out.push_back(how);
    }
    return out;
}

Grid relabel_grid(const Grid& g, const Relabelling& r) {
    Grid out = g;
    for (auto& v : out.cells) v = static_cast<uint8_t>(r.sigma[v]);
    for (auto& mask : out.candidates) {
        uint64_t mapped = 0;
        for (std::size_t d = 1; d < r.sigma.size(); ++d)
            if (mask >> d & 1) mapped |= uint64_t{1} << r.sigma[d];
        mask = mapped;
    }
    return out;
}

std::optional<Puzzle> relabel_puzzle(const Puzzle& p, const Relabelling& r) {
    Puzzle out = p;
    out.grid = relabel_grid(p.grid, r);
    const int n = p.side();
    for (Kind k : p.negative)
        if (k != Kind::difference || r.kind != RelabelKind::complement) return std::nullopt;
    for (Constraint& c : out.constraints) {
        if (!relabels(c.kind, c, r.kind, n)) return std::nullopt;
        if (c.kind == Kind::quadruple) {
            for (int& d : c.values) d = r.sigma[static_cast<std::size_t>(d)];
            std::sort(c.values.begin(), c.values.end());
        }
        if (r.kind != RelabelKind::complement || kept_by_any(c.kind, c)) continue;
        if (c.kind == Kind::killer_cage || c.kind == Kind::little_killer) c.values[0] = sum_of_complement(c, n);
        if (c.kind == Kind::thermometer) std::reverse(c.cells[0].begin(), c.cells[0].end());
        if (c.kind == Kind::minimum) c.kind = Kind::maximum;
        else if (c.kind == Kind::maximum) c.kind = Kind::minimum;
    }
    return out;
}

}  // namespace np::fuzz
