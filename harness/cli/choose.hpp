// Which plugin a one-shot command runs (solve, count, explain, rate,
// generate): the one --plugin names, or, when none is named, the default
// for the shape and input at hand. The host knows no plugin by name: a
// plugin offers itself as a default (ABI 3.6, np_plugin.default_for and
// default_rank), and the rule below picks among the offers:
//
//   of the loaded plugins that can do every capability the command needs,
//   take the shape, and take candidate masks when the input has them and
//   a variant's kinds and region layout when it is one,
//   those that offer the command's operation, highest default_rank first,
//   ties to the first name in byte order; failing any offer, the one such
//   plugin when there is exactly one.
//
// The choice is said once per shape on stderr ("numplace: solve: 9x9 with
// simd, the default; --plugin names another"), so that a user always knows
// what answered.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>

#include "cli/cli.hpp"
#include "numplace/host.hpp"

namespace np::cli {

struct ChosenPlugin {
    std::optional<Plugin> plugin;
    OptionList options;
};

// The --plugin named (a name or a file: PluginRegistry::resolve), able to
// do `capability` (`operation` names it for the error), with its --option
// values checked against its specs for `spec_operation` (solve, check or
// generate). On any problem prints one line and returns nullopt: a usage
// error, reported before any input is read.
std::optional<ChosenPlugin> choose_plugin(const Args& args, PluginRegistry& registry, uint32_t capability,
                                          const std::string& operation, const std::string& spec_operation,
                                          std::ostream& err);

// What a puzzle asks of a plugin beyond its shape: taking candidate masks,
// and a variant's constraint kinds and region layout (ABI 3.7). A default
// is chosen per shape and demand.
struct Demand {
    bool candidates = false;
    uint64_t kinds = 0;    // NP_KIND_BIT of the variant's kinds
    uint32_t layouts = 0;  // NP_REGIONS_BIT of its layout, 0 for boxes

    static Demand of(const Grid& puzzle);
    bool met_by(const Plugin& p) const;
    // " with candidates", " with killercage, thermometer", "" for none.
    std::string words() const;
    friend auto operator<=>(const Demand&, const Demand&) = default;
};

// What a command needs of its plugin.
struct Need {
    uint32_t capabilities;       // every NP_CAP_* bit the calls use
    uint32_t operation;          // the one bit defaults are offered for (NP_CAP_SOLVE, ...)
    std::string command;         // "solve": the words of its messages
    std::string spec_operation;  // "solve", "generate": what --option values are checked for
    std::string can_words = "";  // "write proofs": "NAME cannot write proofs"; "" = the command
};

// Why a puzzle has no plugin: no loaded plugin can serve its shape (the
// row's error; the rest runs), or --option does not suit the default
// (`usage`: said once, and the run ends with exit 2).
struct NoPlugin {
    std::string why;
    bool usage = false;
};

// The plugin of every input of one run: the named one, or a default per
// (shape, candidates) chosen the first time that pair comes.
class PluginChoice {
public:
    // nullopt (said on `err`) when --plugin names one that cannot serve, or
    // --option values are malformed.
    static std::optional<PluginChoice> make(const Args& args, PluginRegistry& registry, Need need,
                                            std::ostream& err);

    // The plugin for a puzzle of this shape, or nullptr with why not. The
    // first default of each shape is said on `err`. Called per puzzle: a
    // run of one shape costs one comparison after the first.
    const ChosenPlugin* for_puzzle(const Geometry& shape, const Demand& demand, NoPlugin& none);
    const ChosenPlugin* for_puzzle(const Grid& puzzle, NoPlugin& none) {
        return for_puzzle(puzzle.geometry, Demand::of(puzzle), none);
    }
    bool named() const { return named_.has_value(); }

private:
    PluginChoice(PluginRegistry& registry, Need need, std::ostream& err) : registry_(&registry), need_(std::move(need)), err_(&err) {}

    PluginRegistry* registry_;
    Need need_;
    std::ostream* err_;
    std::optional<ChosenPlugin> named_;
    OptionList options_;  // --option, checked against each default as it is chosen
    using Key = std::tuple<int, int, Demand>;  // box rows, box columns, demand
    struct Outcome {
        std::optional<ChosenPlugin> chosen;
        NoPlugin none;  // when not chosen
    };
    Outcome choose_default(const Geometry& shape, const Demand& demand);
    std::map<Key, Outcome> defaults_;  // nodes: pointers into it stay valid
    const Outcome* last_ = nullptr;
    Key last_key_{};
};

// The default itself: nullptr when no loaded plugin can serve, with `why`.
const Plugin* default_plugin(const std::vector<Plugin>& loaded, const Need& need, const Geometry& shape,
                             const Demand& demand, std::string& why);

}  // namespace np::cli
