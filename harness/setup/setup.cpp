#include "setup.hpp"

namespace np::harness {

Budget Settings::budget() const {
    Budget b;
    b.max_nodes = max_nodes;
    b.timeout_seconds = timeout_seconds;
    b.cancel = cancel;
    return b;
}

std::unique_ptr<Plugins> load_plugins(const Settings& s, std::string& error) {
    auto loaded = std::make_unique<Plugins>();
    loaded->registry.set_allow_insecure(s.allow_insecure_plugins);
    loaded->registry.add_standard_search_path(s.plugin_dirs);
    auto chosen = loaded->registry.select(s.plugins, error);
    if (!chosen) return nullptr;
    loaded->chosen = std::move(*chosen);
    loaded->oracle = s.oracle.empty() ? nullptr : loaded->registry.find(s.oracle);
    if (loaded->oracle == nullptr && s.oracle_named && !s.oracle.empty()) {
        error = "the oracle '" + s.oracle + "' is not loaded (--oracle names it; `numplace plugins` lists what is)";
        return nullptr;
    }
    return loaded;
}

const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<const Plugin*>& candidates) {
    if (oracle != nullptr && oracle->name() != subject) return oracle;
    for (const Plugin* p : candidates)
        if (p->name() != subject && p->can(NP_CAP_SOLVE) && p->can(NP_CAP_PROVE_UNIQUE)) return p;
    return nullptr;
}

const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<Plugin>& candidates) {
    std::vector<const Plugin*> pointers;
    for (const Plugin& p : candidates) pointers.push_back(&p);
    return prover_for(subject, oracle, pointers);
}

const std::vector<Geometry>& standard_shapes() {
    static const std::vector<Geometry> shapes = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
    return shapes;
}

}  // namespace np::harness
