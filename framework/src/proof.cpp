// The proof checker (proof.hpp). Read top to bottom: set-up, the byte
// stream, the tree walk, the judgement of one node, then propagation.
#include "numplace/proof.hpp"

#include <algorithm>
#include <bit>

#include "numplace/certify.hpp"
#include "numplace/format.hpp"

namespace np {

namespace {

using proof::Kind;
using proof::UnitKind;

constexpr uint64_t bit(int value) { return uint64_t{1} << value; }
// One candidate left (without a popcount, which is a library call unless
// the build targets a CPU that has the instruction).
constexpr bool single(uint64_t mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

std::string label(int cell, int side) { return cell_label(cell / side + 1, cell % side + 1); }

// A variant's units past the boxes (diagonals, extra regions, disjoint
// groups) by their number in the format.
std::string unit_label(int unit, int side) {
    static const char* const kinds[] = {"row ", "column ", "box "};
    if (unit >= 3 * side) return "unit " + std::to_string(unit);
    return kinds[unit / side] + std::to_string(unit % side + 1);
}

}  // namespace

// ---- Set-up ------------------------------------------------------------------

ProofChecker::ProofChecker(const Grid& puzzle, uint64_t max_bytes)
    : geometry_(puzzle.geometry), shape_{puzzle.geometry.box_rows, puzzle.geometry.box_cols},
      side_(puzzle.side()), max_bytes_(max_bytes) {
    if (!geometry_.valid() || puzzle.cells.size() != static_cast<std::size_t>(geometry_.cell_count())) {
        reject("the puzzle is malformed");
        return;
    }
    all_ = (bit(side_ + 1) - 1) & ~uint64_t{1};
    units_of_.resize(static_cast<std::size_t>(shape_.cells()));
    if (puzzle.is_variant()) {
        set_up_variant(puzzle);
        return;
    }
    for (int u = 0; u < 3 * side_; ++u) {
        std::vector<int> cells;
        for (int p = 0; p < side_; ++p) cells.push_back(shape_.cell_at(UnitKind(u / side_), u % side_, p));
        add_unit(std::move(cells));
    }
    for (int kind = 0; kind < 2; ++kind) {  // segment j of line l: the l-th row (column) in the j-th box it crosses
        const int k = kind == 0 ? geometry_.box_rows : geometry_.box_cols, width = side_ / k;
        for (int line = 0; line < side_; ++line)
            for (int j = 0; j < k; ++j) {
                std::vector<int> cells;
                for (int p = j * width; p < (j + 1) * width; ++p) cells.push_back(units_[kind * side_ + line][p]);
                segments_[kind].push_back(std::move(cells));
            }
    }
    segment_masks_.resize(std::max(segments_[0].size(), segments_[1].size()));
    start_from(puzzle);
}

// The root's candidates, then its propagation.
void ProofChecker::start_from(const Grid& puzzle) {
    dirty_.assign(units_.size(), true);
    if (puzzle.has_candidates() && puzzle.candidates.size() != puzzle.cells.size()) {
        reject("the puzzle's candidate masks do not fit its shape");
        return;
    }
    // The problem proved is the puzzle's: its givens and, with pencilmarks,
    // only the candidates its masks leave (Grid::mask).
    for (int cell = 0; cell < shape_.cells(); ++cell) {
        if (puzzle.cells[static_cast<std::size_t>(cell)] > side_) {
            reject("the puzzle is malformed");
            return;
        }
        masks_.push_back(puzzle.mask(cell) & all_);
    }
    if (variant_) keep_parity();
    // The root is node 1: if propagation alone decides the puzzle, the whole
    // tree is parsed but not needed.
    conclude(propagate());
}

bool ProofChecker::reject(std::string why) {
    if (rejection_.empty()) rejection_ = std::move(why);
    return false;
}

std::string ProofChecker::at_node(uint64_t number) const { return "node " + grouped(number) + ": "; }

int ProofChecker::children(const Node& node) {
    if (node.justify) return node.first.size == 0 ? 0 : 1;
    return node.kind == Kind::eliminate ? node.count + 1 : node.count;
}

void ProofChecker::add_unit(std::vector<int> cells) {
    for (int c : cells) units_of_[static_cast<std::size_t>(c)].push_back(static_cast<int>(units_.size()));
    units_.push_back(std::move(cells));
}

// ---- The byte stream ---------------------------------------------------------

// A node header is at most a JUSTIFY's 5 + 63 * 2 + 63 * 3 bytes: feed()
// keeps at most that much of an incomplete header between calls.
constexpr std::size_t kMaxHeader = 5 + proof::kMaxCount * 5;

bool ProofChecker::feed(std::string_view bytes) {
    if (!rejection_.empty()) return false;
    result_.bytes += bytes.size();
    if (result_.bytes > max_bytes_) return reject("over the byte budget of " + grouped(max_bytes_) + " bytes");
    while (!bytes.empty() && rejection_.empty()) {
        if (done_) return reject("trailing bytes after the root's tree");
        Node node;
        if (pending_.empty()) {
            const std::size_t used = decode(bytes, node);
            if (used == 0) {
                if (rejection_.empty()) pending_.assign(bytes);
                break;
            }
            bytes.remove_prefix(used);
        } else {  // complete the header begun in an earlier chunk
            const std::size_t before = pending_.size();
            pending_.append(bytes.substr(0, kMaxHeader));
            const std::size_t used = decode(pending_, node);
            if (used == 0) {
                if (bytes.size() > kMaxHeader) reject("internal: header longer than its bound");
                break;
            }
            bytes.remove_prefix(used - before);
            pending_.clear();
        }
        take(node);
    }
    return rejection_.empty();
}

// Reads one node header from the front of `in`: the bytes used, or 0 when
// `in` ends first or the header is malformed (then rejection_ says why).
std::size_t ProofChecker::decode(std::string_view in, Node& node) {
    node.number = result_.nodes + 1;
    const auto byte = [&](std::size_t i) { return static_cast<int>(static_cast<uint8_t>(in[i])); };
    node.kind = Kind(byte(0) >> 6);
    node.count = byte(0) & proof::kMaxCount;
    node.justify = node.kind == Kind::leaf && node.count == 1 && variant_;  // classic puzzles: reserved, refused below
    if (node.justify) return decode_justify(in, node);
    const int cb = shape_.cell_bytes();
    const std::size_t size = node.kind == Kind::leaf          ? 1
                             : node.kind == Kind::split_cell  ? 1 + cb + node.count
                             : node.kind == Kind::split_place ? 3 + node.count
                                                              : 1 + node.count * (cb + 1);
    if (in.size() < size) return 0;
    const auto cell = [&](std::size_t i) { return byte(i) | (cb == 2 ? byte(i + 1) << 8 : 0); };
    const auto value_ok = [&](int v) { return v >= 1 && v <= side_; };
    const auto malformed = [&](const std::string& why) { return reject(at_node(node.number) + why), std::size_t{0}; };
    node.first.clear();
    node.second.clear();
    node.scope.clear();
    switch (node.kind) {
        case Kind::leaf:
            if (node.count != 0) return malformed("unknown node kind " + std::to_string(byte(0)));
            break;
        case Kind::split_cell:
            node.unit = cell(1);  // the split's cell
            if (node.unit >= shape_.cells()) return malformed("cell index out of range");
            for (int i = 0; i < node.count; ++i) node.second.push_back(byte(1 + cb + i));
            break;
        case Kind::split_place:
            node.unit = byte(1);
            node.value = byte(2);
            if (static_cast<std::size_t>(node.unit) >= units_.size() || units_[node.unit].empty())
                return malformed("unit out of range");
            if (!value_ok(node.value)) return malformed("value out of range");
            for (int i = 0; i < node.count; ++i) {
                if (static_cast<std::size_t>(byte(3 + i)) >= units_[node.unit].size()) return malformed("position out of range");
                node.first.push_back(units_[node.unit][byte(3 + i)]);
                node.scope.push_back(byte(3 + i));  // its position, for the judgement
            }
            break;
        case Kind::eliminate:
            if (node.count == 0) return malformed("an elimination that eliminates nothing");
            for (int i = 0; i < node.count; ++i) {
                node.first.push_back(cell(1 + i * (cb + 1)));
                node.second.push_back(byte(1 + i * (cb + 1) + cb));
                if (node.first.back() >= shape_.cells()) return malformed("cell index out of range");
            }
            break;
    }
    for (int v : node.second)
        if (!value_ok(v)) return malformed("value out of range");
    return size;
}

// ---- The tree walk -------------------------------------------------------------
// frames_ holds the checked nodes whose children are being read, each with
// the trail position of its own state. Below a node the checker concluded
// itself, skipping_ counts the subtrees still to parse: that needs no state.

void ProofChecker::take(const Node& node) {
    ++result_.nodes;
    if (skipping_ > 0) {
        skipping_ += static_cast<uint64_t>(children(node)) - 1;
        if (skipping_ == 0) subtree_done();
        return;
    }
    ++result_.checked;
    if (!judge(node)) return;
    if (children(node) == 0) return subtree_done();  // a JUSTIFY that leaves nothing: a leaf the checker accepted
    // Any path of a prover that makes progress removes a candidate per level.
    if (frames_.size() >= static_cast<std::size_t>(side_) * shape_.cells())
        return void(reject(at_node(node.number) + "nested deeper than any proof needs"));
    frames_.push_back({node, 0, trail_.size()});
    enter_child(frames_.back());
}

// The state of child `next_child`: the node's own state, with this
// alternative applied and propagated.
void ProofChecker::enter_child(Frame& frame) {
    undo(frame.mark);
    const Node& node = frame.node;
    const int i = frame.next_child;
    const auto place = [&](int cell, int value) { remove(cell, all_ & ~bit(value)); };
    switch (node.kind) {
        case Kind::split_cell: place(node.unit, node.second[i]); break;
        case Kind::split_place: place(node.first[i], node.value); break;
        case Kind::eliminate:
            if (node.justify) break;
            // Child i: eliminations before i removed, i placed; the last child:
            // all removed. The children thus partition the node's solutions.
            for (int j = 0; j < i; ++j) remove(node.first[j], bit(node.second[j]));
            if (i < node.count) place(node.first[i], node.second[i]);
            break;
        case Kind::leaf:  // JUSTIFY's one child: its eliminations made
            for (int j = 0; j < node.first.size; ++j) remove(node.first[j], bit(node.second[j]));
            break;
    }
    conclude(propagate());
}

// An open state waits for a checked node; a concluded one is a leaf of the
// checker's own, whose subtree (one, as the proof gives it) is only parsed.
void ProofChecker::conclude(Outcome outcome) {
    if (outcome == Outcome::open) return;
    skipping_ = 1;
    if (outcome == Outcome::contradiction) return;
    Grid solution(geometry_);
    for (std::size_t c = 0; c < masks_.size(); ++c)
        solution.cells[c] = static_cast<uint8_t>(std::countr_zero(masks_[c]));
    if (variant_ && !solved_state_obeys(solution)) return;  // a rule the checker does not propagate is broken: no solution
    ++result_.solutions;
    if (!variant_ && !obeys_rules(solution)) reject(at_node(result_.nodes + 1) + "internal: propagation reached a grid that breaks the rules");
    else if (result_.solutions == 1) first_solution_ = std::move(solution);
}

// A subtree just ended: move its parent to the next child, popping every
// node whose children are all read.
void ProofChecker::subtree_done() {
    while (!frames_.empty()) {
        Frame& frame = frames_.back();
        if (++frame.next_child < children(frame.node)) {
            enter_child(frame);
            return;
        }
        frames_.pop_back();
    }
    done_ = true;
}

ProofResult ProofChecker::finish(ProofClaim claim, const Grid* witness) {
    if (rejection_.empty() && !done_) {
        const std::string next = grouped(result_.nodes + 1);
        if (!pending_.empty()) reject("the proof ends inside node " + next);
        else reject(result_.nodes == 0 ? "the proof is empty" : "the proof ends before node " + next);
    }
    const auto shows = [&] {
        return "the proof shows " + grouped(result_.solutions) + (result_.solutions == 1 ? " solution" : " solutions");
    };
    if (!rejection_.empty()) {
    } else if (claim.kind == ProofClaim::Kind::none && result_.solutions != 0) {
        reject(shows() + ", but the claim is none");
    } else if (claim.kind == ProofClaim::Kind::unique && result_.solutions != 1) {
        reject(shows() + ", but the claim is unique");
    } else if (claim.kind == ProofClaim::Kind::unique && witness != nullptr &&
               (!(first_solution_.geometry == witness->geometry) || first_solution_.cells != witness->cells)) {
        // (Cells, not the whole Grid: a variant's witness may carry its rules or not.)
        reject("the proof's one solution is not the witness (" + where_grids_differ(first_solution_, *witness) + ")");
    } else if (claim.kind == ProofClaim::Kind::count && result_.solutions != claim.count) {
        reject(shows() + ", not the " + grouped(claim.count) + " claimed");
    }
    result_.accepted = rejection_.empty();
    result_.reason = rejection_;
    return result_;
}

// ---- Judging one node ------------------------------------------------------------
// The state here is open: no contradiction, not solved. A split must cover
// every candidate left; an alternative already removed costs nothing (its
// child starts from a contradiction).

bool ProofChecker::judge(const Node& node) {
    if (node.justify) return judge_justify(node);
    switch (node.kind) {
        case Kind::leaf:
            for (std::size_t c = 0; c < masks_.size(); ++c)
                if (!single(masks_[c]))
                    return reject(at_node(node.number) + "a leaf, but " + label(static_cast<int>(c), side_) +
                                  " still has " + std::to_string(std::popcount(masks_[c])) +
                                  " candidates (no contradiction, no solution)");
            return reject(at_node(node.number) + "internal: a solved state not concluded");
        case Kind::split_cell: return judge_split_cell(node);
        case Kind::split_place: return judge_split_place(node);
        case Kind::eliminate: return true;  // any candidate may be refuted
    }
    return false;
}

bool ProofChecker::judge_split_cell(const Node& node) {
    const auto what = [&] { return at_node(node.number) + "split on " + label(node.unit, side_); };
    uint64_t listed = 0;
    for (int v : node.second) {
        if (listed & bit(v)) return reject(what() + " lists value " + std::to_string(v) + " twice");
        listed |= bit(v);
    }
    const uint64_t missed = masks_[node.unit] & ~listed;
    if (missed) return reject(what() + " misses value " + std::to_string(std::countr_zero(missed)));
    return true;
}

bool ProofChecker::judge_split_place(const Node& node) {
    const auto what = [&] {
        return at_node(node.number) + "split on " + std::to_string(node.value) + " in " + unit_label(node.unit, side_);
    };
    const std::vector<int>& unit = units_[node.unit];
    uint64_t listed = 0;  // by position in the unit (N <= 63)
    for (int i = 0; i < node.first.size; ++i) {
        const int at = node.scope[i];
        if (listed & bit(at)) return reject(what() + " lists " + label(node.first[i], side_) + " twice");
        listed |= bit(at);
    }
    for (int at = 0; at < static_cast<int>(unit.size()); ++at)
        if ((masks_[unit[at]] & bit(node.value)) && !(listed & bit(at))) return reject(what() + " misses " + label(unit[at], side_));
    return true;
}

// ---- Candidates and propagation ----------------------------------------------------
// Each rule removes only candidates that no solution of the current state
// uses, so propagation keeps every solution; the rules only remove, so the
// fixed point is the same whatever the order (docs/proofs.md).

bool ProofChecker::remove(int cell, uint64_t bits) {
    const uint64_t before = masks_[cell];
    if ((before & bits) == 0) return false;
    trail_.emplace_back(cell, before);
    masks_[cell] = before & ~bits;
    for (int u : units_of_[cell]) dirty_[u] = true;  // its units have singles to look at again
    return true;
}

void ProofChecker::undo(std::size_t mark) {
    while (trail_.size() > mark) {
        masks_[trail_.back().first] = trail_.back().second;
        trail_.pop_back();
    }
}

// Singles are looked for only in units that changed since they were last
// looked at (remove() marks them), locked candidates once singles are done:
// the same fixed point as scanning everything, for a fraction of the work.
ProofChecker::Outcome ProofChecker::propagate() {
    for (bool changed = true; changed;) {
        for (bool again = true; again;) {
            again = false;
            for (std::size_t u = 0; u < units_.size(); ++u) {
                if (!dirty_[u] || units_[u].empty()) continue;
                dirty_[u] = false, again = true;
                bool contradiction = false;
                unit_singles(units_[u], contradiction);
                if (contradiction) return std::fill(dirty_.begin(), dirty_.end(), false), Outcome::contradiction;
            }
            if (!again && variant_) again = peers_leave();
        }
        changed = variant_ ? locked_in_intersections() : locked_candidates();
    }
    for (uint64_t m : masks_)
        if (!single(m)) return Outcome::open;
    return Outcome::solved;
}

// One unit's singles. Naked: the values placed in it (cells with one
// candidate) leave its other cells, and a value placed twice, or a cell
// with no candidate, is a contradiction. Hidden: a value with one place in
// the unit is placed there; a value with no place is a contradiction. (Unit
// by unit rather than cell by cell and peer by peer: 3N^2 steps a pass, not
// 3N^3, which is what makes 25x25 proofs quick to check.)
bool ProofChecker::unit_singles(const std::vector<int>& unit, bool& contradiction) {
    uint64_t placed = 0, placed_twice = 0, open = 0, once = 0, twice = 0;
    for (int c : unit) {
        const uint64_t m = masks_[c];
        if (m == 0) return contradiction = true, false;
        twice |= once & m;
        once |= m;
        if (!single(m)) open |= m;
        else placed_twice |= placed & m, placed |= m;
    }
    if (placed_twice) return contradiction = true, false;
    bool changed = false;
    if (open & placed) {  // placed values still open elsewhere: remove them, then count places again
        once = twice = 0;
        for (int c : unit) {
            if (!single(masks_[c])) changed |= remove(c, placed);
            if (masks_[c] == 0) return contradiction = true, changed;
            twice |= once & masks_[c];
            once |= masks_[c];
        }
    }
    if (once != all_) return contradiction = true, changed;
    const uint64_t hidden = once & ~twice & ~placed;
    for (int c : unit) {
        const uint64_t here = masks_[c] & hidden;
        // Two hidden values in one cell: keeping one leaves the other without
        // a place, a contradiction the next pass sees.
        if (here) changed |= remove(c, masks_[c] & ~(here & -here));
    }
    return changed;
}

// Locked candidates, on segments: the cells a line shares with one box it
// crosses. Pointing: a value whose places in the box all lie in the segment
// leaves the rest of the line. Claiming: one whose places on the line all
// lie in the segment leaves the rest of the box. (Each unit holds each value
// once.) A line crosses k boxes and a box holds k such lines (k = R for
// rows, C for columns), so segment j of line l shares its box with segment
// j of the other lines of l's band.
bool ProofChecker::locked_candidates() {
    bool changed = false;
    for (int kind = 0; kind < 2; ++kind) {
        const int k = kind == 0 ? geometry_.box_rows : geometry_.box_cols;
        const auto& cells = segments_[kind];
        auto& m = segment_masks_;
        for (std::size_t s = 0; s < cells.size(); ++s) {
            m[s] = 0;
            for (int c : cells[s]) m[s] |= masks_[c];
        }
        for (int line = 0; line < side_; ++line) {
            const int band = line / k * k;
            for (int j = 0; j < k; ++j) {
                uint64_t line_rest = 0, box_rest = 0;
                for (int o = 0; o < k; ++o) {
                    if (o != j) line_rest |= m[line * k + o];
                    if (band + o != line) box_rest |= m[(band + o) * k + j];
                }
                const uint64_t inside = m[line * k + j], pointing = inside & ~box_rest, claiming = inside & ~line_rest;
                for (int o = 0; o < k && (pointing | claiming); ++o) {
                    if (o != j && pointing)
                        for (int c : cells[line * k + o]) changed |= remove(c, pointing);
                    if (band + o != line && claiming)
                        for (int c : cells[(band + o) * k + j]) changed |= remove(c, claiming);
                }
            }
        }
    }
    return changed;
}

}  // namespace np
