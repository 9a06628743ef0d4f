// The --oracle flag that settles puzzles first, and what it settled in words
// (settle.hpp).
#include "cli/commands/settle.hpp"

#include "setup/setup.hpp"
#include "cli/shared.hpp"

namespace np::cli {

std::optional<Plugin> settling_oracle(const Args& args, PluginRegistry& registry, std::ostream& err, bool& ok) {
    ok = true;
    const std::string name = args.text("--oracle");
    if (name == "none") return std::nullopt;
    std::string why;
    auto found = registry.resolve(name, why);
    if (!found) {
        if (!args.has("--oracle")) return std::nullopt;  // the default, not built: nobody settles
        err << "numplace: --oracle: " << utf8_clean(why) << "\n";
    } else if (!found->can(NP_CAP_SOLVE) || !found->can(NP_CAP_PROVE_UNIQUE)) {
        err << "numplace: --oracle " << found->name() << " cannot prove uniqueness\n";
    } else {
        return found;
    }
    ok = false;
    return std::nullopt;
}

std::string settled_words(const Settled& s) {
    if (s.solutions == Solutions::several) return "several solutions (" + s.oracle + " found two, each certified)";
    if (s.solutions == Solutions::none) return "no solution (" + s.oracle + "'s proof checked)";
    return "";
}

const char* solutions_name(Solutions solutions) {
    switch (solutions) {
        case Solutions::one: return "one";
        case Solutions::several: return "several";
        case Solutions::none: return "none";
        case Solutions::unsettled: break;
    }
    return "unsettled";
}

FlagSpec settling_oracle_flag() {
    return {"--oracle", FlagKind::text,
            "The plugin that first settles whether each puzzle has one solution (two certified solutions, or a "
            "checked proof of none, and it is not rated or explained but said so); none: ask nobody",
            harness::kDefaultOracle};
}

}  // namespace np::cli
