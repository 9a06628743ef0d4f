// The proof checker's part for variant puzzles (proof.hpp; docs/proofs.md,
// "Variants"). Three things change when the puzzle carries its rules:
//
//   units      rows, columns, then the regions (boxes, a jigsaw's regions,
//              or none: numbers 2N..3N-1 left empty), then the other groups
//              of N different digits in a fixed order: extra regions of N
//              cells, killer cages and renban lines of N cells (in the
//              puzzle's order), the "/" and "\\" diagonals,
//              the N disjoint groups. A unit's positions are its cells in
//              row-major order. Naked and hidden singles run on all of them,
//              locked candidates on every two that share two cells or more.
//   peers      every cell that must differ from a cell (variant_peers):
//              its units' cells, and a knight's or king's move apart, in
//              one cage, on one renban line, in one smaller extra region.
//              A placed value leaves them.
//   JUSTIFY    any other rule is never propagated by the checker: a prover
//              that used it names it in a node, with the cells to look at,
//              and the checker tries every assignment of those cells from
//              their candidates (different where they share a unit or are
//              peers) against that rule alone, as check_variant_partial
//              reads it: a node with no elimination says none satisfies it
//              (a leaf), one with eliminations says no satisfying one uses
//              them. Bounded per node and per proof.
//
// A solved state counts as a solution only if check_variant accepts it
// (otherwise it holds none): the rules the checker did not propagate are
// all checked there, so a proof may leave them to the leaves.
#include <algorithm>
#include <bit>
#include <set>

#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/proof.hpp"
#include "numplace/variant.hpp"

namespace np {

namespace {

constexpr uint64_t bit(int value) { return uint64_t{1} << value; }
constexpr bool single(uint64_t mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

// JUSTIFY's bounds: assignments tried for one node, and for the whole proof
// (about three seconds of checking at the most: some 45 million a second on
// fpz-tiny-scar's proof, whose X-sum rows need over 51 million). Provers
// that stay under them: plugins/csp/proof.cpp.
constexpr uint64_t kNodeAssignments = uint64_t{1} << 21;
constexpr uint64_t kProofAssignments = uint64_t{1} << 27;

std::string label(int cell, int side) { return cell_label(cell / side + 1, cell % side + 1); }

bool has(const Puzzle& p, Kind kind) {
    return std::any_of(p.constraints.begin(), p.constraints.end(), [&](const Constraint& c) { return c.kind == kind; });
}

}  // namespace

// ---- Set-up ------------------------------------------------------------------

void ProofChecker::set_up_variant(const Grid& puzzle) {
    carried_ = puzzle.variant;
    Puzzle rules = *puzzle.variant;
    rules.grid = puzzle;
    rules.grid.variant = nullptr;
    if (auto issue = validate_variant(rules)) return void(reject("the puzzle is malformed: " + issue->message));
    variant_ = std::make_shared<const Puzzle>(std::move(rules));
    const Puzzle& p = *variant_;
    const int n = side_;
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell)
        if (const int r = p.region(cell); r >= 0) regions[static_cast<std::size_t>(r)].push_back(cell);
    for (int kind = 0; kind < 3; ++kind)
        for (int i = 0; i < n; ++i) {
            std::vector<int> cells;
            for (int j = 0; j < n; ++j) cells.push_back(kind == 0 ? i * n + j : j * n + i);
            add_unit(kind < 2 ? std::move(cells) : regions[static_cast<std::size_t>(i)]);
        }
    add_variant_groups(p);
    find_crossings();
    start_from(puzzle);
}

// The groups of N different digits past the regions (units), and every
// cell that must differ from each (peers).
void ProofChecker::add_variant_groups(const Puzzle& p) {
    const int n = side_;
    // Every cell that must differ from each: the one definition
    // (variant_peers), shared with the candidate state of explained solves.
    // A unit's own cells are among them too, which changes nothing here.
    peers_ = variant_peers(p);
    // N different digits in N cells are every digit: a unit.
    for (const Constraint& c : p.constraints) {
        if (c.kind != Kind::extra_region && c.kind != Kind::killer_cage && c.kind != Kind::renban) continue;
        if (static_cast<int>(c.cells[0].size()) == n) {
            std::vector<int> cells = c.cells[0];
            std::sort(cells.begin(), cells.end());
            add_unit(std::move(cells));
        }
    }
    if (has(p, Kind::diagonal_positive)) {
        std::vector<int> cells;
        for (int i = 0; i < n; ++i) cells.push_back(i * n + (n - 1 - i));
        add_unit(std::move(cells));
    }
    if (has(p, Kind::diagonal_negative)) {
        std::vector<int> cells;
        for (int i = 0; i < n; ++i) cells.push_back(i * n + i);
        add_unit(std::move(cells));
    }
    if (has(p, Kind::disjoint_groups) && p.regions == RegionLayout::boxes) {
        std::vector<std::vector<int>> groups(static_cast<std::size_t>(n));
        for (int cell = 0; cell < n * n; ++cell)
            groups[static_cast<std::size_t>(shape_.position_of(proof::UnitKind::box, cell))].push_back(cell);
        for (auto& g : groups) add_unit(std::move(g));
    }
}

// Every two units sharing two cells or more, for locked candidates.
void ProofChecker::find_crossings() {
    for (std::size_t a = 0; a < units_.size(); ++a)
        for (std::size_t b = a + 1; b < units_.size(); ++b) {
            Crossing x;
            for (int c : units_[a])
                (std::binary_search(units_[b].begin(), units_[b].end(), c) ? x.shared : x.only_a).push_back(c);
            if (x.shared.size() < 2 || x.only_a.empty()) continue;
            for (int c : units_[b])
                if (!std::binary_search(units_[a].begin(), units_[a].end(), c)) x.only_b.push_back(c);
            if (!x.only_b.empty()) crossings_.push_back(std::move(x));
        }
}

// Odd and even cells restrict the root's candidates: a rule of one cell
// needs no enumeration.
void ProofChecker::keep_parity() {
    uint64_t odd = 0;
    for (int v = 1; v <= side_; v += 2) odd |= bit(v);
    for (const Constraint& c : variant_->constraints)
        if (c.kind == Kind::odd || c.kind == Kind::even)
            masks_[static_cast<std::size_t>(c.cells[0][0])] &= c.kind == Kind::odd ? odd : all_ & ~odd;
}

// ---- Propagation ---------------------------------------------------------------

// A placed value leaves the cell's peers.
bool ProofChecker::peers_leave() {
    bool changed = false;
    for (std::size_t cell = 0; cell < peers_.size(); ++cell) {
        const uint64_t m = masks_[cell];
        if (!single(m)) continue;
        for (int other : peers_[cell]) changed |= remove(other, m);
    }
    return changed;
}

// Two units sharing cells: a value whose places in one all lie in the shared
// cells leaves the other's cells outside them (each unit holds it once).
bool ProofChecker::locked_in_intersections() {
    bool changed = false;
    const auto mask_of = [&](const std::vector<int>& cells) {
        uint64_t m = 0;
        for (int c : cells) m |= masks_[static_cast<std::size_t>(c)];
        return m;
    };
    for (const Crossing& x : crossings_) {
        const uint64_t shared = mask_of(x.shared), a = mask_of(x.only_a), b = mask_of(x.only_b);
        if (const uint64_t from_a = shared & ~a & b)
            for (int c : x.only_b) changed |= remove(c, from_a);
        if (const uint64_t from_b = shared & ~b & a)
            for (int c : x.only_a) changed |= remove(c, from_b);
    }
    return changed;
}

// The solved state's grid keeps every rule; it then carries the puzzle's
// rules as the witness it is compared with does.
bool ProofChecker::solved_state_obeys(Grid& solution) {
    solution.variant = nullptr;
    if (check_variant(*variant_, solution)) return false;
    solution.variant = carried_;
    return true;
}

// ---- JUSTIFY ---------------------------------------------------------------------
// 0x01, rule (two bytes, little-endian), s, s cells, m, m x (cell, value);
// no child when m = 0, else one: the state with the m pairs removed.

std::size_t ProofChecker::decode_justify(std::string_view in, Node& node) {
    const auto byte = [&](std::size_t i) { return static_cast<int>(static_cast<uint8_t>(in[i])); };
    const auto malformed = [&](const std::string& why) { return reject(at_node(node.number) + why), std::size_t{0}; };
    const std::size_t cb = static_cast<std::size_t>(shape_.cell_bytes());
    if (in.size() < 4) return 0;
    const int s = byte(3);
    if (s > proof::kMaxCount) return malformed("a justification over 63 cells");
    if (in.size() < 5 + s * cb) return 0;
    const int m = byte(4 + s * cb);
    if (m > proof::kMaxCount) return malformed("a justification with over 63 eliminations");
    const std::size_t size = 5 + s * cb + m * (cb + 1);
    if (in.size() < size) return 0;
    const auto cell = [&](std::size_t i) { return byte(i) | (cb == 2 ? byte(i + 1) << 8 : 0); };
    node.rule = byte(1) | byte(2) << 8;
    node.scope.clear();
    node.first.clear();
    node.second.clear();
    for (int i = 0; i < s; ++i) node.scope.push_back(cell(4 + i * cb));
    for (int i = 0; i < m; ++i) {
        node.first.push_back(cell(5 + s * cb + i * (cb + 1)));
        node.second.push_back(byte(5 + s * cb + i * (cb + 1) + cb));
        if (node.second.back() < 1 || node.second.back() > side_) return malformed("value out of range");
    }
    for (int c : node.scope)
        if (c >= shape_.cells()) return malformed("cell index out of range");
    for (int c : node.first)
        if (c >= shape_.cells()) return malformed("cell index out of range");
    return size;
}

namespace {

// One JUSTIFY node's search: every assignment of the scope, depth first,
// smallest domains first, each rule check on the cells filled so far.
struct Enumeration {
    const Puzzle& puzzle;
    int rule;
    std::vector<int> cells;                 // the scope, in search order
    std::vector<uint64_t> domains;          // their candidates
    std::vector<std::vector<int>> earlier;  // per cell: earlier scope indices it must differ from
    Grid grid;                              // placed cells, and the assignment so far
    uint64_t tried = 0, bound = 0;
    // The eliminations claimed, per scope index: values no assignment may use.
    std::vector<uint64_t> claimed;
    std::string found;  // an assignment that satisfies the rule and uses a claimed value

    // False when the bound was reached; `found` set when a counterexample exists.
    bool run(std::size_t i) {
        if (i == cells.size()) return witness(), true;
        const int cell = cells[i];
        for (uint64_t m = domains[i]; m != 0 && found.empty(); m &= m - 1) {
            const int v = std::countr_zero(m);
            if (++tried > bound) return false;
            bool clash = false;
            for (int j : earlier[i]) clash |= grid.cells[static_cast<std::size_t>(cells[static_cast<std::size_t>(j)])] == v;
            if (clash) continue;
            grid.cells[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
            const bool ok = !check_rule_partial(puzzle, rule, grid) && run(i + 1);
            grid.cells[static_cast<std::size_t>(cell)] = 0;
            if (!ok && tried > bound) return false;
        }
        return true;
    }
    // A satisfying assignment: it is a counterexample when it uses a claimed
    // value (or when none was claimed: the node said there is no assignment).
    void witness() {
        bool uses = claimed.empty();
        for (std::size_t i = 0; i < claimed.size(); ++i)
            uses |= ((claimed[i] >> grid.cells[static_cast<std::size_t>(cells[i])]) & 1) != 0;
        if (!uses) return;
        const int n = puzzle.side();
        for (int c : cells) {
            if (!found.empty()) found += ' ';
            found += label(c, n);
            found += '=';
            found += std::to_string(grid.cells[static_cast<std::size_t>(c)]);
        }
    }
};

}  // namespace

bool ProofChecker::judge_justify(const Node& node) {
    const auto at = [&] { return at_node(node.number) + "justification"; };
    if (!variant_) return reject(at() + ", but the puzzle has no rules beyond the grid's");
    const Puzzle& p = *variant_;
    if (node.rule >= rule_count(p)) return reject(at() + " names rule " + std::to_string(node.rule) + ", which the puzzle does not have");
    const std::string what = at() + " by " + describe_rule(p, node.rule);
    std::vector<int> scope(node.scope.begin(), node.scope.end());
    if (scope.empty()) {
        if (static_cast<std::size_t>(node.rule) >= p.constraints.size() || p.constraints[static_cast<std::size_t>(node.rule)].cells.empty())
            return reject(what + ": a rule of the whole grid needs its cells listed");
        for (const auto& group : p.constraints[static_cast<std::size_t>(node.rule)].cells) scope.insert(scope.end(), group.begin(), group.end());
        std::sort(scope.begin(), scope.end());
        scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
        if (scope.size() > static_cast<std::size_t>(proof::kMaxCount)) return reject(what + ": the rule has over 63 cells; list the ones to look at");
    }
    std::vector<int> sorted = scope;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return reject(what + " lists a cell twice");
    std::stable_sort(scope.begin(), scope.end(), [&](int a, int b) { return std::popcount(masks_[a]) < std::popcount(masks_[b]); });
    Enumeration e{p, node.rule, scope, {}, {}, Grid(geometry_), 0, 0, {}, {}};
    e.grid.variant = nullptr;
    for (std::size_t c = 0; c < masks_.size(); ++c)
        if (single(masks_[c])) e.grid.cells[c] = static_cast<uint8_t>(std::countr_zero(masks_[c]));
    if (node.first.size > 0) e.claimed.assign(scope.size(), 0);
    for (int k = 0; k < node.first.size; ++k) {
        const auto it = std::find(scope.begin(), scope.end(), node.first[k]);
        if (it == scope.end()) return reject(what + " eliminates " + std::to_string(node.second[k]) + " from " + label(node.first[k], side_) + ", outside the cells it looks at");
        e.claimed[static_cast<std::size_t>(it - scope.begin())] |= bit(node.second[k]);
    }
    for (std::size_t i = 0; i < scope.size(); ++i) {
        const int c = scope[i];
        e.domains.push_back(masks_[static_cast<std::size_t>(c)]);
        e.grid.cells[static_cast<std::size_t>(c)] = 0;
        std::vector<int> must_differ;
        for (std::size_t j = 0; j < i; ++j)
            if (must_differ_(c, scope[j])) must_differ.push_back(static_cast<int>(j));
        e.earlier.push_back(std::move(must_differ));
    }
    e.bound = std::min(kNodeAssignments, kProofAssignments - std::min(kProofAssignments, enumerated_));
    const bool whole = e.run(0);
    enumerated_ += e.tried;
    if (!whole)
        return reject(what + ": over the checker's bound of " + grouped(e.bound) + " assignments (split first)");
    if (!e.found.empty())
        return reject(what + (node.first.size == 0 ? ": the rule can still hold (" : ": not every assignment is ruled out (") + e.found + ")");
    return true;
}

// Two cells must differ when they share a unit or are peers.
bool ProofChecker::must_differ_(int a, int b) const {
    const auto& ua = units_of_[static_cast<std::size_t>(a)];
    const auto& ub = units_of_[static_cast<std::size_t>(b)];
    for (int u : ua)
        if (std::find(ub.begin(), ub.end(), u) != ub.end()) return true;
    const auto& pa = peers_[static_cast<std::size_t>(a)];
    return std::binary_search(pa.begin(), pa.end(), b);
}

}  // namespace np
