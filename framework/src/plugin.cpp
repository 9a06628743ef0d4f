// The C++ plugin layer's out-of-line parts (numplace/plugin.hpp).
#include "numplace/plugin.hpp"

#include <cstring>

namespace np::plugin {

bool Solve::found(const uint8_t* cells) {
    const uint32_t w = result_.witness_count;
    if (w < NP_MAX_WITNESSES && result_.witnesses[w] != nullptr) {
        std::memcpy(result_.witnesses[w], cells, static_cast<std::size_t>(shape.cells()));
        ++result_.witness_count;
    }
    return ++result_.count >= limit;
}

bool Solve::step(const StepReport& report) {
    if (!explaining()) return false;
    if (steps_.max_steps != 0 && steps_sent_ >= steps_.max_steps) return steps_refused_ = true, false;
    np_step s{};
    s.struct_size = sizeof s;
    s.technique = report.technique;
    s.where = report.where;
    s.placements = report.placements.data();
    s.placement_count = static_cast<uint32_t>(report.placements.size());
    s.eliminations = report.eliminations.data();
    s.elimination_count = static_cast<uint32_t>(report.eliminations.size());
    s.pattern = report.pattern.data();
    s.pattern_count = static_cast<uint32_t>(report.pattern.size());
    s.flags = report.flags;
    s.length = report.length;
    s.chains = report.chains;
    ++steps_sent_;
    if (steps_.step(steps_.state, &s) != 0) steps_refused_ = true;
    return !steps_refused_;
}

void Solve::invalid(np_reason_code code, int row, int col, int value, std::string_view why) {
    invalid_ = true;
    result_.violation = detail::located(shape, code, row, col, value);
    detail::message(result_.message, why);
}

bool Solve::givens_repeat() {
    const int n = shape.side();
    for (int kind = 0; kind < 3; ++kind)  // rows, columns, boxes
        for (int unit = 0; unit < n; ++unit) {
            uint64_t seen = 0;
            for (int i = 0; i < n; ++i) {
                const int row = kind == 0   ? unit
                                : kind == 1 ? i
                                            : unit / shape.box_rows * shape.box_rows + i / shape.box_cols;
                const int col = kind == 0   ? i
                                : kind == 1 ? unit
                                            : unit % shape.box_rows * shape.box_cols + i % shape.box_cols;
                const int v = given(row, col);
                if (v == 0) continue;
                if (seen & (uint64_t{1} << v)) {
                    invalid(static_cast<np_reason_code>(NP_REASON_DUPLICATE_IN_ROW + kind), row, col, v,
                            "the given " + std::to_string(v) + " repeats in its " +
                                (kind == 0 ? "row" : kind == 1 ? "column" : "box"));
                    return true;
                }
                seen |= uint64_t{1} << v;
            }
        }
    return false;
}

int Solve::finish() {
    result_.stats.nodes = nodes();
    if (status() != NP_OK) return status();
    if (invalid_) {
        result_.count = 0, result_.witness_count = 0;
        return NP_INVALID_INPUT;
    }
    // The limit first: a search that reached it before the budget ran out
    // has its answer.
    if (result_.count >= limit || two_differ_) result_.stop = NP_STOP_LIMIT;
    else if (stopped() || gave_up_ || steps_refused_) result_.stop = NP_STOP_BUDGET;
    else result_.stop = NP_STOP_EXHAUSTED;
    // Declared written only when whole and about a finished search; the
    // host's checker decides whether it proves anything.
    if (!NP_HAS(np_solve_result, &result_, proof)) return NP_OK;
    if (cannot_prove_) result_.proof = NP_PROOF_CANNOT;
    else if (proof_.close() && result_.stop == NP_STOP_EXHAUSTED) result_.proof = NP_PROOF_WRITTEN;
    return NP_OK;
}

void Check::violation(np_reason_code code, int row, int col, int value) {
    if (result_.violation_count < result_.capacity && result_.violations != nullptr)
        result_.violations[result_.violation_count] = detail::located(shape, code, row, col, value);
    ++result_.violation_count;
}

namespace detail {

np_violation located(const Shape& shape, np_reason_code code, int row, int col, int value) {
    np_violation v{};
    v.code = code;
    v.row = static_cast<uint32_t>(row + 1);
    v.column = static_cast<uint32_t>(col + 1);
    v.box = static_cast<uint32_t>(shape.box_of(row, col) + 1);
    v.value = static_cast<uint32_t>(value);
    return v;
}

bool supported(const np_plugin& d, const np_geometry& g) {
    // R and C alone first, so that R*C cannot overflow; a 1x1 grid is no puzzle.
    if (g.box_rows == 0 || g.box_cols == 0 || g.box_rows > NP_MAX_SIDE || g.box_cols > NP_MAX_SIDE) return false;
    if (g.box_rows * g.box_cols < 2) return false;
    if (d.max_side > 0 && g.box_rows * g.box_cols <= d.max_side) return true;
    for (uint32_t i = 0; i < d.geometry_count; ++i)
        if (d.geometries[i].box_rows == g.box_rows && d.geometries[i].box_cols == g.box_cols) return true;
    return false;
}

std::string shapes_text(const np_plugin& d) {
    std::string text;
    if (d.max_side > 0) text = "shapes R x C with R*C <= " + std::to_string(d.max_side);
    for (uint32_t i = 0; i < d.geometry_count; ++i)
        text += (text.empty() ? "" : ", ") + std::to_string(d.geometries[i].box_rows) + "x" +
                std::to_string(d.geometries[i].box_cols);
    return text;
}

void message(char (&buffer)[NP_MESSAGE_CAPACITY], std::string_view text) { sdk::set_message(buffer, text); }

}  // namespace detail

}  // namespace np::plugin
