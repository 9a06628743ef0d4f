// Checking a proof: a case-split tree (format in proof_writer.hpp and
// docs/proofs.md) that shows a puzzle has exactly one solution, none, or
// exactly n, without trusting the search that made it.
//
// The checker keeps a candidate set per cell and its own fixed propagation
// (a placed value leaves its peers, naked and hidden singles, locked
// candidates), run to a fixed point at every node. A variant puzzle (a grid
// that carries its Puzzle) adds its regions, diagonals, extra regions and
// disjoint groups as units, anti-knight and anti-king moves and cages as
// peers, and JUSTIFY nodes: a rule of the puzzle, checked by enumeration
// over the cells the node names (proof_variant.cpp). Where that propagation
// finds a contradiction or a solution, the node's subtree is only parsed,
// never believed; elsewhere the node must split on every candidate the
// checker still has (or eliminate). So the verdict rests only on this file
// and proof.cpp: docs/proofs.md says why it is sound.
//
// Streaming: feed() the bytes in chunks of any size, then finish(). Memory
// is bounded by the grid's size, never by the proof's.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/host.hpp"
#include "numplace/proof_writer.hpp"

namespace np {

struct ProofClaim {
    enum class Kind { unique, none, count };
    Kind kind = Kind::unique;
    uint64_t count = 0;  // for Kind::count: the exact number of solutions claimed

    static ProofClaim unique() { return {Kind::unique, 1}; }
    static ProofClaim none() { return {Kind::none, 0}; }
    static ProofClaim exactly(uint64_t n) { return {Kind::count, n}; }
};

struct ProofResult {
    bool accepted = false;
    std::string reason;      // on rejection: where and why ("node 1,412: split on r3c5 misses value 7")
    uint64_t solutions = 0;  // solution leaves the checker itself found
    uint64_t nodes = 0;      // nodes parsed
    uint64_t checked = 0;    // nodes the checker judged (not inside a concluded subtree)
    uint64_t bytes = 0;
};

class ProofChecker {
public:
    // The claim is not needed until finish(): a host checks a proof as it
    // streams in, before the answer it belongs to has arrived.
    ProofChecker(const Grid& puzzle, uint64_t max_bytes);

    // False once the proof is rejected (later bytes are ignored).
    bool feed(std::string_view bytes);
    // The verdict: accepted only when exactly one whole tree was read and it
    // proves the claim. `witness` is required for a unique claim (the one
    // solution must be it) and ignored otherwise.
    ProofResult finish(ProofClaim claim, const Grid* witness);

private:
    // A node's listed cells or values: at most 63, kept in place (no
    // allocation per node).
    struct Fields {
        std::array<int, proof::kMaxCount> items{};
        int size = 0;
        void clear() { size = 0; }
        void push_back(int v) { items[static_cast<std::size_t>(size++)] = v; }
        int back() const { return items[static_cast<std::size_t>(size - 1)]; }
        int operator[](int i) const { return items[static_cast<std::size_t>(i)]; }
        const int* begin() const { return items.data(); }
        const int* end() const { return items.data() + size; }
    };
    // A decoded node header; `fields` holds its cells, values or positions.
    struct Node {
        proof::Kind kind = proof::Kind::leaf;
        int count = 0;
        bool justify = false;             // a LEAF byte with count 1: JUSTIFY (rule, scope, eliminations)
        int rule = 0;                     // JUSTIFY: the rule (variant.hpp's rule_count numbering)
        Fields scope;                     // JUSTIFY: the cells enumerated (empty: the rule's own); SPLIT_PLACE: the positions
        int unit = 0, value = 0;          // SPLIT_PLACE
        Fields first, second;             // cells or positions, values (ELIMINATE: cells, values)
        uint64_t number = 0;              // 1-based, pre-order
    };
    // A checked node whose children are being read.
    struct Frame {
        Node node;
        int next_child = 0;
        std::size_t mark = 0;  // trail size at the node's own (propagated) state
    };
    enum class Outcome { open, contradiction, solved };

    static int children(const Node& node);
    // Parsing.
    std::size_t decode(std::string_view in, Node& node);
    std::size_t decode_justify(std::string_view in, Node& node);
    void take(const Node& node);
    void subtree_done();
    void enter_child(Frame& frame);
    // Judging one node against the current state.
    bool judge(const Node& node);
    bool judge_split_cell(const Node& node);
    bool judge_split_place(const Node& node);
    bool judge_justify(const Node& node);
    // Candidates and propagation.
    bool remove(int cell, uint64_t bits);
    void undo(std::size_t mark);
    Outcome propagate();
    bool unit_singles(const std::vector<int>& unit, bool& contradiction);
    bool locked_candidates();
    // Variants (proof_variant.cpp).
    void start_from(const Grid& puzzle);
    void set_up_variant(const Grid& puzzle);
    void keep_parity();
    void add_variant_groups(const Puzzle& p);
    void find_crossings();
    void add_unit(std::vector<int> cells);
    bool peers_leave();
    bool locked_in_intersections();
    bool solved_state_obeys(Grid& solution);
    bool must_differ_(int a, int b) const;
    void conclude(Outcome outcome);
    bool reject(std::string why);
    std::string at_node(uint64_t number) const;

    Geometry geometry_;
    proof::Shape shape_;
    int side_ = 0;
    uint64_t all_ = 0;  // the candidate mask of an empty cell: bits 1..N
    // Units: rows, columns, boxes (regions) numbered as in the format, then a
    // variant's other N-cell groups; an empty unit is a number not in use.
    std::vector<std::vector<int>> units_;
    std::vector<std::vector<int>> units_of_;  // per cell: the units it is in
    // Variants only. Every cell that must differ from each (variant_peers:
    // its units' cells, knight and king moves, cages and smaller extra
    // regions), per cell.
    std::vector<std::vector<int>> peers_;
    // Pairs of units sharing two cells or more: (a, b, a's cells outside b,
    // b's outside a, the shared ones), for locked candidates.
    struct Crossing {
        std::vector<int> only_a, only_b, shared;
    };
    std::vector<Crossing> crossings_;
    std::shared_ptr<const Puzzle> variant_;  // the puzzle's rules, with its grid
    std::shared_ptr<const Puzzle> carried_;  // the puzzle as its grid carried it
    uint64_t enumerated_ = 0;                // JUSTIFY's assignments tried, all nodes
    std::vector<char> dirty_;              // per unit: changed since its singles were looked for
    std::array<std::vector<std::vector<int>>, 2> segments_;  // rows' and columns' cells in each box they cross
    std::vector<uint64_t> segment_masks_;  // scratch: the candidates of each segment
    std::vector<uint64_t> masks_;          // per cell; bit v = value v still possible
    std::vector<std::pair<int, uint64_t>> trail_;  // (cell, mask before) for undo
    std::vector<Frame> frames_;
    Grid first_solution_;      // the first solution leaf, for a unique claim's witness
    uint64_t max_bytes_;
    std::string pending_;      // bytes of a node header not yet complete
    uint64_t skipping_ = 0;    // subtrees still to parse (unchecked) below a concluded node
    bool done_ = false;        // the root's subtree is complete
    std::string rejection_;
    ProofResult result_;
};

// The host's side of one answer's proof: fed the bytes as they arrive (a
// ProofSink, in this process or from a worker's frames), then judges the
// answer they came with. It runs in the trusted process only: whatever ran
// the plugin may have written the bytes, and nothing else here is believed.
class ProofIntake {
public:
    // max_check_seconds (0: none) bounds this process's time checking
    // the bytes as they come: past it the rest is only counted, and the
    // answer stands unproved. A runner that waits on the plugin while it
    // checks (a worker's frames) gives the plugin that time back, so the
    // check's cost is bounded here rather than charged to the plugin.
    ProofIntake(const Grid& puzzle, uint64_t max_bytes, double max_check_seconds = 0);
    // False when no more is wanted (over the budget, out of checking time,
    // or already rejected).
    bool feed(std::string_view bytes);
    uint64_t received() const { return received_; }
    // Fills out.proof: checked when the answer is a complete search whose
    // claim (unique with its witness, none, an exact count) the proof
    // proves; rejected when a proof was declared and it does not; absent
    // otherwise, with the reason in the note. out.proof.bytes is what the
    // plugin tried to write (all of it, over the budget too).
    void judge(SolveOutcome& out);
    // A generated puzzle's proof: the claim is that it has exactly one
    // solution. `attempted` as in out.proof.bytes.
    ProofOutcome judge_generated(uint64_t attempted);

private:
    ProofOutcome finish(ProofClaim claim, const Grid* witness, ProofOutcome outcome);

    uint64_t started_ns_;      // before the checker's set-up (its root's propagation), which counts too
    ProofChecker checker_;
    uint64_t max_bytes_, received_ = 0;
    uint64_t checked_ns_ = 0;    // this process's time in the checker so far
    uint64_t max_check_ns_;      // 0: no bound
    double max_check_seconds_;
    bool refused_ = false;  // the checker refused bytes already fed
    bool overtime_ = false;  // checking stopped at max_check_ns_: the rest only counted
};

}  // namespace np
