#include "judge/to_order.hpp"

#include <algorithm>

namespace np::judge {

namespace {

bool uses(const std::vector<Step>& steps, const std::string& slug) {
    return std::any_of(steps.begin(), steps.end(), [&](const Step& s) { return rating::technique_slug(s.technique) == slug; });
}

}  // namespace

std::string describe(const Order& order) {
    std::string words;
    if (order.lo || order.hi)
        words = "ER " + (order.lo ? rating::tenths_text(*order.lo) : "") + ".." +
                (order.hi ? rating::tenths_text(*order.hi) : "");
    if (!order.technique.empty()) words += (words.empty() ? "" : ", ") + std::string("using ") + order.technique;
    return words.empty() ? "any rating" : words;
}

Order order_of(const corpus::GeneratorOrder& o) { return {o.lo, o.hi, o.technique, *rating::table_named(o.table)}; }

std::string order_problem(const Order& order, const rating::Rating& rated, const std::vector<Step>& steps) {
    if (!rated.unknown.empty()) return "unrated: " + rated.unknown;
    if (!rated.solved) return "the rater's steps stop short of the solution";
    if ((order.lo && rated.er < *order.lo) || (order.hi && rated.er > *order.hi))
        return "ER " + rating::tenths_text(rated.er) + ", outside " + describe(Order{order.lo, order.hi, "", order.table});
    if (!order.technique.empty() && !uses(steps, rating::technique_slug(order.technique)))
        return "its path does not use " + order.technique;
    return "";
}

}  // namespace np::judge
