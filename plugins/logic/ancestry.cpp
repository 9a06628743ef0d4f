#include "ancestry.hpp"

#include <algorithm>

namespace logic {

Ancestry::Ancestry(int cells, int side)
    : side_(side), on_(static_cast<std::size_t>(cells), -1),
      off_(static_cast<std::size_t>(cells) * static_cast<std::size_t>(side + 1), -1) {}

int Ancestry::add(const std::vector<int>& parents, bool dynamic) {
    nodes_.push_back({static_cast<uint32_t>(parents_.size()), static_cast<uint32_t>(parents.size()), dynamic});
    parents_.insert(parents_.end(), parents.begin(), parents.end());
    return static_cast<int>(nodes_.size()) - 1;
}

int Ancestry::on(int cell, int v, const std::vector<int>& parents, bool dynamic) {
    (void)v;  // a cell holds one value: the node is the cell's
    int& id = on_[static_cast<std::size_t>(cell)];
    if (id < 0) id = add(parents, dynamic);
    return id;
}

int Ancestry::off(int cell, int v, const std::vector<int>& parents, bool dynamic) {
    int& id = off_[index(cell, v)];
    if (id < 0) id = add(parents, dynamic);
    return id;
}

std::vector<bool> Ancestry::closure(const std::vector<int>& targets, bool* dynamic) const {
    std::vector<bool> seen(nodes_.size(), false);
    std::vector<int> todo;
    for (int t : targets)
        if (t >= 0) todo.push_back(t);
    while (!todo.empty()) {
        const int x = todo.back();
        todo.pop_back();
        if (seen[static_cast<std::size_t>(x)]) continue;
        seen[static_cast<std::size_t>(x)] = true;
        const Node& node = nodes_[static_cast<std::size_t>(x)];
        if (dynamic && node.dynamic) *dynamic = true;
        for (uint32_t k = 0; k < node.count; ++k) todo.push_back(parents_[node.first + k]);
    }
    return seen;
}

std::size_t Ancestry::contradiction(const std::vector<int>& offs, bool* dynamic) const {
    if (offs.empty()) return 0;
    const int x = *std::max_element(offs.begin(), offs.end());
    std::vector<int> others;
    for (int id : offs)
        if (id != x) others.push_back(id);
    return 1 + ancestors(others, dynamic) + ancestors({x}, dynamic);
}

std::size_t Ancestry::ancestors(const std::vector<int>& targets, bool* dynamic) const {
    const std::vector<bool> seen = closure(targets, dynamic);
    return static_cast<std::size_t>(std::count(seen.begin(), seen.end(), true));
}

}  // namespace logic
