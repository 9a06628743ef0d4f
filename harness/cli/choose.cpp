#include "cli/choose.hpp"

#include <algorithm>

#include "cli/shared.hpp"
#include "numplace/variant.hpp"
#include "numplace/variant_abi.hpp"

namespace np::cli {

namespace {

// The nearest key or value to a --option that the plugin's descriptor does
// not list: " (did you mean profile=sukaku?)", or "".
std::string option_guess(const Plugin& plugin, const OptionList& given) {
    std::vector<std::string> keys;
    for (const auto& o : plugin.options()) keys.push_back(o.key);
    for (const auto& given_option : given) {
        // Not a structured binding: clang 14 (the sanitize preset) refuses
        // one captured in a lambda.
        const std::string& key = given_option.first;
        const std::string& value = given_option.second;
        const auto spec = std::find_if(plugin.options().begin(), plugin.options().end(),
                                       [&key](const OptionSpec& o) { return o.key == key; });
        if (spec == plugin.options().end()) {
            if (const auto near = nearest(key, keys)) return " (did you mean " + *near + "=" + value + "?)";
            continue;
        }
        std::vector<std::string> values;  // "default|se|sukaku": a closed list
        for (std::size_t at = 0, bar; at <= spec->values.size(); at = bar + 1) {
            bar = std::min(spec->values.find('|', at), spec->values.size());
            values.push_back(spec->values.substr(at, bar - at));
        }
        if (spec->values.find('|') == std::string::npos) continue;
        if (std::find(values.begin(), values.end(), value) != values.end()) continue;
        if (const auto near = nearest(value, values)) return " (did you mean " + key + "=" + *near + "?)";
    }
    return "";
}

}  // namespace

std::optional<ChosenPlugin> choose_plugin(const Args& args, PluginRegistry& registry, uint32_t capability,
                                          const std::string& operation, const std::string& spec_operation,
                                          std::ostream& err) {
    const std::string& spec = args.text("--plugin");
    std::string why;
    const std::optional<Plugin> found = registry.resolve(spec, why);
    if (!found) {
        err << "numplace: " << utf8_clean(why);
        if (why.rfind("unknown plugin", 0) == 0) {  // what could have been meant
            std::vector<std::string> names;
            for (const auto& q : registry.plugins()) names.push_back(q.name());
            const auto near = nearest(spec, names);
            if (registry.plugins().empty()) err << " (no plugins found)";
            else if (near) err << " (did you mean " << *near << "?)";
            else {
                err << " (available:";
                for (const auto& q : registry.plugins()) err << " " << q.name();
                err << ")";
            }
        }
        err << "\n";
        return std::nullopt;
    }
    const Plugin* p = &*found;
    const std::string& name = p->name();
    if ((p->capabilities() & capability) != capability) {
        err << "numplace: " << name << " cannot " << operation << " (it can:";
        for (const auto& c : capability_names(p->capabilities())) err << " " << c;
        err << ")\n";
        return std::nullopt;
    }
    auto options = parse_options(args.texts("--option"), err);
    if (!options) return std::nullopt;
    if (auto problem = p->option_problem(*options, spec_operation); !problem.empty()) {
        err << "numplace: --option: " << name << ": " << utf8_clean(problem) << option_guess(*p, *options) << "\n";
        return std::nullopt;
    }
    ChosenPlugin chosen;
    chosen.plugin = *p;
    chosen.options = std::move(*options);
    return chosen;
}

// ---- Defaults ------------------------------------------------------------------

Demand Demand::of(const Grid& puzzle) {
    Demand d;
    d.candidates = puzzle.has_candidates();
    if (puzzle.is_variant()) d.kinds = kind_bits(*puzzle.variant), d.layouts = layout_bits(*puzzle.variant);
    return d;
}

bool Demand::met_by(const Plugin& p) const {
    return (!candidates || p.can(NP_CAP_CANDIDATES)) && (p.kinds() & kinds) == kinds &&
           (p.region_layouts() & layouts) == layouts;
}

std::string Demand::words() const {
    std::string text = candidates ? " with candidates" : "";
    std::string kinds_text;
    for (int k = 0; k < kKindCount; ++k)
        if (kinds & NP_KIND_BIT(k)) kinds_text += (kinds_text.empty() ? "" : ", ") + std::string(kind_key(static_cast<Kind>(k)));
    if (layouts & NP_REGIONS_BIT(NP_REGIONS_IRREGULAR)) kinds_text += (kinds_text.empty() ? "" : ", ") + std::string("irregular regions");
    if (layouts & NP_REGIONS_BIT(NP_REGIONS_NONE)) kinds_text += (kinds_text.empty() ? "" : ", ") + std::string("no regions");
    return kinds_text.empty() ? text : text + " with " + kinds_text;
}

namespace {

bool can_serve(const Plugin& p, const Need& need, const Geometry& shape, const Demand& demand) {
    return (p.capabilities() & need.capabilities) == need.capabilities && p.supports(shape) && demand.met_by(p);
}

// "9x9" for a 3x3-box grid, "6x6 (2x3 boxes)" otherwise: what a user calls it.
std::string shape_words(const Geometry& g) {
    const std::string side = std::to_string(g.side());
    if (g.box_rows == g.box_cols) return side + "x" + side;
    return side + "x" + side + " (" + g.name() + " boxes)";
}

// Where --option values that the default refuses belong: " (logic takes
// them: --plugin logic)" when another plugin that can serve takes them all,
// else the nearest key or value of the default's own.
std::string taker_of(const std::vector<Plugin>& loaded, const Need& need, const Geometry& shape, const Demand& demand,
                     const OptionList& options, const Plugin& refused) {
    for (const Plugin& p : loaded)
        if (&p != &refused && can_serve(p, need, shape, demand) && p.option_problem(options, need.spec_operation).empty())
            return " (" + p.name() + " takes " + (options.size() == 1 ? "it" : "them") + ": --plugin " + p.name() + ")";
    return option_guess(refused, options);
}

}  // namespace

const Plugin* default_plugin(const std::vector<Plugin>& loaded, const Need& need, const Geometry& shape,
                             const Demand& demand, std::string& why) {
    const Plugin* best = nullptr;
    std::vector<const Plugin*> able;
    for (const Plugin& p : loaded) {
        if (!can_serve(p, need, shape, demand)) continue;
        able.push_back(&p);
        if (!(p.default_for() & need.operation)) continue;
        if (best == nullptr || p.default_rank() > best->default_rank() ||
            (p.default_rank() == best->default_rank() && p.name() < best->name()))
            best = &p;
    }
    if (best == nullptr && able.size() == 1) best = able.front();
    if (best != nullptr) return best;
    const std::string what = shape_words(shape) + demand.words();
    if (able.empty())
        why = "no loaded plugin can " + (need.can_words.empty() ? need.command : need.can_words) + " (" + what + ")";
    else {
        why = "no loaded plugin offers itself to " + need.command + " (" + what + "): name one with --plugin (";
        for (std::size_t i = 0; i < able.size(); ++i) why += (i ? ", " : "") + able[i]->name();
        why += ")";
    }
    return nullptr;
}

std::optional<PluginChoice> PluginChoice::make(const Args& args, PluginRegistry& registry, Need need,
                                               std::ostream& err) {
    PluginChoice choice(registry, need, err);
    if (args.has("--plugin")) {
        const std::string& words = need.can_words.empty() ? need.command : need.can_words;
        choice.named_ = choose_plugin(args, registry, need.capabilities, words, need.spec_operation, err);
        if (!choice.named_) return std::nullopt;
        return choice;
    }
    auto options = parse_options(args.texts("--option"), err);
    if (!options) return std::nullopt;
    choice.options_ = std::move(*options);
    return choice;
}

const ChosenPlugin* PluginChoice::for_puzzle(const Geometry& shape, const Demand& demand, NoPlugin& none) {
    if (named_) return &*named_;
    const Key key{shape.box_rows, shape.box_cols, demand};
    if (last_ == nullptr || key != last_key_) {
        auto [it, fresh] = defaults_.try_emplace(key);
        if (fresh) it->second = choose_default(shape, demand);
        last_ = &it->second, last_key_ = key;
    }
    if (!last_->chosen) none = last_->none;
    return last_->chosen ? &*last_->chosen : nullptr;
}

// The default for a shape met for the first time, said on stderr.
PluginChoice::Outcome PluginChoice::choose_default(const Geometry& shape, const Demand& demand) {
    Outcome out;
    const Plugin* p = default_plugin(registry_->plugins(), need_, shape, demand, out.none.why);
    if (p == nullptr) return out;
    if (auto problem = p->option_problem(options_, need_.spec_operation); !problem.empty()) {
        out.none = {"--option: " + p->name() + " (the default): " + utf8_clean(problem) +
                        taker_of(registry_->plugins(), need_, shape, demand, options_, *p),
                    true};
        return out;
    }
    out.chosen = ChosenPlugin{*p, options_};
    *err_ << "numplace: " << need_.command << ": " << shape_words(shape) << demand.words()
          << " with " << p->name() << ", the default (--plugin names another)\n";
    return out;
}

}  // namespace np::cli
