#include "numplace/steps.hpp"

#include <algorithm>
#include <map>
#include <memory>

#include "numplace/certify.hpp"
#include "numplace/variant.hpp"

namespace np {

namespace {

std::string label(int cell, int side) { return cell_label(cell / side + 1, cell % side + 1); }

std::string printable_problem(std::string_view text, std::size_t cap, const char* what) {
    if (text.size() > cap) return std::string(what) + " longer than " + std::to_string(cap) + " bytes";
    for (char c : text)
        if (c < 0x20 || c > 0x7e) return std::string(what) + " holds a byte outside printable ASCII";
    return "";
}

std::string list_problem(const std::vector<Candidate>& list, const char* what, int side, bool whole_cell_ok) {
    const auto cells = static_cast<std::size_t>(side * side);
    if (list.size() > cells * static_cast<std::size_t>(side + 1)) return std::string(what) + ": too many entries";
    for (const Candidate& c : list) {
        if (c.cell < 0 || c.cell >= side * side) return std::string(what) + ": cell " + std::to_string(c.cell) + " is outside the grid";
        if (c.value > side || c.value < (whole_cell_ok ? 0 : 1))
            return std::string(what) + ": value " + std::to_string(c.value) + " at " + label(c.cell, side) + " is outside 1.." +
                   std::to_string(side);
    }
    return "";
}

// Every cell's peers (variant.hpp, variant_peers): for a classic puzzle its
// row, column and box; for a variant every cell its rules make differ.
std::shared_ptr<const std::vector<std::vector<int>>> peers_of(const Grid& puzzle) {
    Puzzle rules = puzzle.is_variant() ? *puzzle.variant : Puzzle{};
    rules.grid = Grid(puzzle.geometry, puzzle.cells);
    return std::make_shared<const std::vector<std::vector<int>>>(variant_peers(rules));
}

// Little-endian fields for the wire: a step is at most a few hundred KB.
void put(std::string& out, uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

struct Reader {
    std::string_view in;
    bool ok = true;
    uint32_t get(int bytes) {
        if (in.size() < static_cast<std::size_t>(bytes)) return ok = false, 0;
        uint32_t v = 0;
        for (int i = 0; i < bytes; ++i) v |= static_cast<uint32_t>(static_cast<uint8_t>(in[static_cast<std::size_t>(i)])) << (8 * i);
        in.remove_prefix(static_cast<std::size_t>(bytes));
        return v;
    }
    std::string text() {
        const uint32_t n = get(2);
        if (!ok || in.size() < n) return ok = false, "";
        std::string s(in.substr(0, n));
        in.remove_prefix(n);
        return s;
    }
    std::vector<Candidate> list() {
        const uint32_t n = get(4);
        if (!ok || in.size() / 3 < n) return ok = false, std::vector<Candidate>{};
        std::vector<Candidate> out(n);
        for (auto& c : out) c.cell = static_cast<int>(get(2)), c.value = static_cast<int>(get(1));
        return out;
    }
};

}  // namespace

std::string step_shape_problem(const Step& step, const Geometry& geometry) {
    const int side = geometry.side();
    if (step.technique.empty()) return "a step without a technique's name";
    if (auto p = printable_problem(step.technique, kMaxTechniqueBytes, "the technique's name"); !p.empty()) return p;
    if (auto p = printable_problem(step.where, kMaxWhereBytes, "the step's `where`"); !p.empty()) return p;
    if (auto p = list_problem(step.placements, "a placement", side, false); !p.empty()) return p;
    if (auto p = list_problem(step.eliminations, "an elimination", side, false); !p.empty()) return p;
    if (step.length > static_cast<uint32_t>(side) * side * side) return "a chain's length beyond N*N*N";
    if (auto p = list_problem(step.pattern, "the pattern", side, true); !p.empty()) return p;
    return chains_problem(step, geometry);
}

std::size_t step_bytes(const Step& step) {
    const std::size_t entries = step.placements.size() + step.eliminations.size() + step.pattern.size();
    return sizeof(Step) + step.technique.size() + step.where.size() + step.chains.size() + entries * sizeof(Candidate);
}

StepState::StepState(const Grid& puzzle) : grid_(puzzle.geometry, puzzle.cells), peers_(peers_of(puzzle)) {
    grid_.variant = puzzle.variant;
    const int cells = grid_.geometry.cell_count();
    masks_.resize(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) masks_[static_cast<std::size_t>(i)] = puzzle.mask(i);
    for (int i = 0; i < cells; ++i)
        if (value(i) != 0)
            for (int j : (*peers_)[static_cast<std::size_t>(i)])
                if (value(j) == 0) masks_[static_cast<std::size_t>(j)] &= ~(uint64_t{1} << value(i));
}

Grid StepState::grid() const {
    Grid g = grid_;
    g.candidates = masks_;
    return g;
}

void StepState::place(int cell, int v) {
    grid_.cells[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
    masks_[static_cast<std::size_t>(cell)] = uint64_t{1} << v;
    for (int j : (*peers_)[static_cast<std::size_t>(cell)])
        if (value(j) == 0) masks_[static_cast<std::size_t>(j)] &= ~(uint64_t{1} << v);
}

std::string StepState::apply(const Step& step) {
    const int n = side();
    if (step.placements.empty() && step.eliminations.empty()) return "the step changes nothing";
    // Eliminations first, against the state before the step; then the
    // placements, each into a cell still empty with the value a candidate.
    // A list that names one candidate twice is refused by the same checks.
    std::vector<uint64_t> removed(masks_.size(), 0);
    for (const Candidate& e : step.eliminations) {
        const uint64_t bit = uint64_t{1} << e.value;
        if (value(e.cell) != 0)
            return "it eliminates " + std::string(1, value_symbol(e.value)) + " from " + label(e.cell, n) + ", which holds " +
                   std::string(1, value_symbol(value(e.cell)));
        if ((mask(e.cell) & ~removed[static_cast<std::size_t>(e.cell)] & bit) == 0)
            return "it eliminates " + std::string(1, value_symbol(e.value)) + " from " + label(e.cell, n) +
                   ", which is not a candidate there";
        removed[static_cast<std::size_t>(e.cell)] |= bit;
    }
    std::vector<uint8_t> placed(masks_.size(), 0);
    for (const Candidate& p : step.placements) {
        const uint64_t bit = uint64_t{1} << p.value;
        if (value(p.cell) != 0 || placed[static_cast<std::size_t>(p.cell)] != 0)
            return "it places " + std::string(1, value_symbol(p.value)) + " in " + label(p.cell, n) + ", which is not empty";
        if ((mask(p.cell) & ~removed[static_cast<std::size_t>(p.cell)] & bit) == 0)
            return "it places " + std::string(1, value_symbol(p.value)) + " in " + label(p.cell, n) +
                   ", where it is not a candidate";
        placed[static_cast<std::size_t>(p.cell)] = static_cast<uint8_t>(p.value);
    }
    for (std::size_t i = 0; i < masks_.size(); ++i) masks_[i] &= ~removed[i];
    for (const Candidate& p : step.placements) place(p.cell, p.value);
    ++steps_;
    return "";
}

StepIntake::StepIntake(const Grid& puzzle, const StepSink& sink, uint64_t max_steps)
    : state_(puzzle), sink_(sink), max_steps_(max_steps) {}

bool StepIntake::take(const Step& step) {
    if (stopped_) return false;
    const uint64_t number = state_.steps() + 1;
    std::string why = step_shape_problem(step, state_.geometry());
    // Counted before it is applied: a step past the bound is refused whole,
    // so whoever keeps the steps (verify, generate) holds at most the bound.
    const std::size_t bytes = step_bytes(step);
    if (why.empty() && bytes > kMaxStepBytes - held_)
        why = "its steps would hold more than " + std::to_string(kMaxStepBytes >> 20) + " MiB (the bound on one puzzle's steps; " +
              std::to_string(held_) + " bytes in " + std::to_string(state_.steps()) + " steps so far)";
    if (why.empty()) why = state_.apply(step);
    if (!why.empty()) {
        const std::string name = step.technique.size() <= kMaxTechniqueBytes ? step.technique : "?";
        failure_ = "step " + std::to_string(number) + " (" + name + "): " + why;
        return stopped_ = true, false;
    }
    held_ += bytes;
    if (step.assumes_unique && assumed_at_ == 0) assumed_at_ = number;
    if (sink_ && !sink_(step)) stopped_ = true;
    if (max_steps_ != 0 && state_.steps() >= max_steps_) stopped_ = true;
    return !stopped_;
}

void StepIntake::refuse(const std::string& why) {
    if (stopped_ && !failure_.empty()) return;
    failure_ = "step " + std::to_string(state_.steps() + 1) + ": " + why;
    stopped_ = true;
}

void StepIntake::judge(SolveOutcome& out, const std::string& plugin) const {
    out.steps = state_.steps();
    if (out.fault != Fault::none) return;
    std::string wrong = failure_;
    // A step that assumed one solution cannot be the ground for claiming it.
    if (wrong.empty() && assumed_at_ != 0 && out.verdict == Verdict::unique)
        wrong = "it claims one solution, but its step " + std::to_string(assumed_at_) +
                " assumed there is at most one (a uniqueness technique): such an answer is a solution found, unproved";
    // Steps that fill the grid have found its one solution (each step
    // follows from the ones before); an answer that says otherwise is wrong.
    if (wrong.empty() && state_.solved() && !out.solutions.empty() && !(out.solutions[0].cells == state_.grid().cells))
        wrong = "its steps solve the puzzle, but its answer differs from their grid at " +
                where_grids_differ(state_.grid(), out.solutions[0]);
    if (wrong.empty()) return;
    out.message = plugin + " gave a wrong answer: " + wrong;
    out.fault = Fault::wrong;
    out.verdict = Verdict::error;
    out.solutions.clear();
}

std::string step_text(const Step& step, const Geometry& geometry) {
    const int n = geometry.side();
    const std::string name = step.technique + (step.where.empty() ? "" : " " + step.where);
    if (step.placements.size() == 1 && step.eliminations.empty())
        return label(step.placements[0].cell, n) + ": " + name;
    std::string effects;
    for (const Candidate& p : step.placements)
        effects += (effects.empty() ? "" : ", ") + label(p.cell, n) + "=" + std::string(1, value_symbol(p.value));
    std::map<int, std::vector<int>> by_value;
    for (const Candidate& e : step.eliminations) by_value[e.value].push_back(e.cell);
    for (auto& [v, cells] : by_value) {
        std::sort(cells.begin(), cells.end());
        effects += (effects.empty() ? "-" : "; -") + std::string(1, value_symbol(v)) + " ";
        for (std::size_t i = 0; i < cells.size(); ++i) effects += (i ? ", " : "") + label(cells[i], n);
    }
    return name + ": " + effects;
}

std::string candidate_grid_text(const StepState& state) {
    const Geometry& g = state.geometry();
    const int n = g.side();
    // Boxes are drawn apart; a jigsaw's regions (or none) are not boxes.
    const bool boxes = !state.variant() || state.variant()->regions == RegionLayout::boxes;
    const int box_rows = boxes ? g.box_rows : n, box_cols = boxes ? g.box_cols : n;
    std::string out;
    for (int r = 0; r < n; ++r) {
        if (r > 0 && r % box_rows == 0) out += '\n';
        for (int c = 0; c < n; ++c) {
            if (c > 0) out += c % box_cols == 0 ? " | " : " ";
            const int cell = r * n + c;
            if (state.value(cell) != 0) {
                out += std::string(static_cast<std::size_t>(n - 1) / 2, ' ') + value_symbol(state.value(cell)) +
                       std::string(static_cast<std::size_t>(n) / 2, ' ');
                continue;
            }
            for (int v = 1; v <= n; ++v) out += state.has(cell, v) ? value_symbol(v) : '.';
        }
        out += '\n';
    }
    return out;
}

std::string encode_step(const Step& step) {
    std::string out;
    auto text = [&](const std::string& s) {
        const std::size_t n = std::min<std::size_t>(s.size(), 0xffff);
        put(out, static_cast<uint32_t>(n), 2);
        out.append(s, 0, n);
    };
    auto list = [&](const std::vector<Candidate>& l) {
        put(out, static_cast<uint32_t>(l.size()), 4);
        for (const Candidate& c : l) put(out, static_cast<uint32_t>(c.cell), 2), put(out, static_cast<uint32_t>(c.value), 1);
    };
    text(step.technique);
    text(step.where);
    list(step.placements);
    list(step.eliminations);
    list(step.pattern);
    put(out, step.assumes_unique ? 1u : 0u, 1);
    put(out, step.length, 4);
    const std::size_t n = std::min(step.chains.size(), kMaxChainsBytes + 1);  // one past: refused when read
    put(out, static_cast<uint32_t>(n), 4);
    out.append(step.chains, 0, n);
    return out;
}

std::optional<Step> decode_step(std::string_view bytes) {
    Reader in{bytes};
    Step step;
    step.technique = in.text();
    step.where = in.text();
    step.placements = in.list();
    step.eliminations = in.list();
    step.pattern = in.list();
    const uint32_t flags = in.get(1);
    step.length = in.get(4);
    const uint32_t chains = in.get(4);
    if (in.ok && chains <= kMaxChainsBytes + 1 && in.in.size() >= chains) {
        step.chains.assign(in.in.substr(0, chains));
        in.in.remove_prefix(chains);
    } else {
        in.ok = false;
    }
    if (!in.ok || !in.in.empty() || flags > 1) return std::nullopt;
    step.assumes_unique = flags == 1;
    return step;
}

}  // namespace np
