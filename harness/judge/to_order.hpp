// Whether a rated puzzle is made to order (docs/rating.md, "Puzzles made to
// order"): the order (an ER band, a technique the path must use, the
// table), its words, and a rating's problem against it. Pure: the rating
// is rating::rate over steps the host certified; harness/truth/order.hpp
// asks the plugins (generator, rater, prover) and judges with these.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"
#include "rating/rating.hpp"

namespace np::judge {

struct Order {
    std::optional<int> lo, hi;   // ER band in tenths, inclusive; absent: any
    std::string technique;       // the path must use it ("" = any): a technique's name or its slug
    rating::Table table = rating::Table::se;
};

// "ER 7.0..7.5, using x-wing"
std::string describe(const Order& order);

// A corpus generator entry's order (its table name already checked by the
// corpus loader).
Order order_of(const corpus::GeneratorOrder& order);

// The rated problem of one puzzle against the order ("" when it is made to
// order): ER out of band, technique not used, not solved by the rater.
std::string order_problem(const Order& order, const rating::Rating& rated, const std::vector<Step>& steps);

}  // namespace np::judge
