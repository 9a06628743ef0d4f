#include "verify/sources.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "setup/setup.hpp"

namespace np::verify {

namespace fs = std::filesystem;

namespace {

bool is_yaml(const std::string& path) {
    const auto ext = fs::path(path).extension().string();
    return ext == ".yaml" || ext == ".yml";
}

bool wanted(const Settings& s, const std::string& id, const std::vector<std::string>& tags, const Geometry* size) {
    if (!s.ids.empty() && std::find(s.ids.begin(), s.ids.end(), id) == s.ids.end()) return false;
    if (!s.tags.empty() &&
        std::none_of(s.tags.begin(), s.tags.end(),
                     [&](const std::string& t) { return std::find(tags.begin(), tags.end(), t) != tags.end(); }))
        return false;
    if (s.size && size != nullptr && !(*size == *s.size)) return false;
    return true;
}

// --quick: a fixed subset of the corpus, chosen by a rule rather than by
// tags so that it stays representative as the corpus grows. Entries fall
// into groups, and the first kQuickPerGroup of each group (in file order,
// after --ids, --tags and --size) are taken:
//   puzzle entries   by corpus file, shape and expectation: the verdict,
//                    "counted" for an exact count above 2 (the count rows),
//                    "unparsable" for text the host's parser refuses;
//   grid checks      by corpus file, shape, valid or not;
//   generator ones   by corpus file, plugin, grids or puzzles, and shape;
//   step entries     by corpus file and shape.
// The sweep runs seed 1 only (add_sweep).
class QuickPick {
public:
    static constexpr std::size_t kQuickPerGroup = 8;
    explicit QuickPick(bool quick) : quick_(quick) {}
    bool take(const corpus::PuzzleEntry& e) {
        std::string expectation = std::holds_alternative<Reason>(e.puzzle) ? "unparsable"
                                                                          : std::string(verdict_name(e.expect.verdict));
        if (e.expect.count.value_or(0) > 2) expectation += " counted";
        return take("puzzle " + e.where.file + " " + e.size.name() + " " + expectation);
    }
    bool take(const corpus::GridCheckEntry& e) {
        return take("check " + e.where.file + " " + e.size.name() + (e.valid ? " valid" : " not valid"));
    }
    bool take(const corpus::StepEntry& e) { return take("step " + e.where.file + " " + e.size.name()); }
    bool take(const corpus::GeneratorEntry& e) {
        return take("generator " + e.where.file + " " + e.plugin + (e.what == NP_GENERATE_GRID ? " grid " : " puzzle ") +
                    e.size.name());
    }

private:
    bool take(const std::string& group) { return !quick_ || ++taken_[group] <= kQuickPerGroup; }
    bool quick_;
    std::map<std::string, std::size_t> taken_;
};

// The standard generator sweep: every generating plugin on every standard
// shape it supports, two seeds each (one with --quick), grids and puzzles.
// --quick sweeps only the shapes up to kQuickSweepSide (9x9): a generator's
// larger calls (with their determinism runs and uniqueness proofs) took most
// of a quick run (issue 41 reports 72 s for a plain plugin, under a second
// without its generator; a plugin that polls only its deadline spent 306 s
// of its 336 s of calls on 16x16 and 25x25, and 12 to 20 s on 12x12:
// docs/benchmarks.md). The shapes it leaves out go to `left_out`.
void add_sweep(const Settings& s, const std::vector<Plugin>& plugins, std::vector<Unit>& units,
               std::vector<std::string>& left_out) {
    const std::vector<uint64_t> seeds = s.quick ? std::vector<uint64_t>{1} : std::vector<uint64_t>{1, 2};
    for (const Plugin& p : plugins) {
        for (np_generate_kind what : {NP_GENERATE_GRID, NP_GENERATE_PUZZLE}) {
            if (!p.can(what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE)) continue;
            for (const Geometry& g : harness::standard_shapes()) {
                if (!p.supports(g)) continue;
                if (s.quick && g.side() > kQuickSweepSide) {
                    if (std::find(left_out.begin(), left_out.end(), g.name()) == left_out.end())
                        left_out.push_back(g.name());
                    continue;
                }
                for (uint64_t seed : seeds) {
                    Unit u(Unit::Kind::generator);
                    GeneratorUnit& c = u.generator;
                    c.plugin = p.name();
                    c.call.what = what;
                    c.call.size = g;
                    c.call.seed = seed;
                    c.call.count = 10;
                    c.sweep = true;
                    c.tags = {"generator"};
                    c.expect.valid = true;
                    c.expect.deterministic = true;
                    c.expect.full = what == NP_GENERATE_GRID;
                    c.expect.unique = what == NP_GENERATE_PUZZLE;
                    c.id = "generate-" + p.name() + "-" + (what == NP_GENERATE_GRID ? "grid" : "puzzle") + "-" +
                           g.name() + "-seed" + std::to_string(seed);
                    if (wanted(s, c.id, {"generator"}, &g)) units.push_back(std::move(u));
                }
            }
        }
    }
}

// The paths split by kind: YAML files and folders are corpus, the rest
// plain puzzle files; no path at all means the bundled corpus.
void split_paths(const Settings& s, std::vector<std::string>& yaml_paths, std::vector<std::string>& plain_paths,
                 std::vector<std::string>& errors) {
    if (s.paths.empty()) {
        const std::string bundled = corpus::bundled_path();
        std::error_code ec;
        if (bundled.empty() || !fs::is_directory(bundled, ec)) errors.push_back("no bundled corpus found at " + bundled);
        else yaml_paths.push_back(bundled);
    }
    for (const auto& p : s.paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec) || is_yaml(p)) yaml_paths.push_back(p);
        else plain_paths.push_back(p);
    }
}

// The corpus's entries as units: puzzles, grid checks, step entries, and
// the generator entries of plugins being judged.
void add_corpus_units(const Settings& s, const std::vector<Plugin>& judged, Inputs& in) {
    QuickPick quick(s.quick);
    std::vector<Unit>& units = in.corpus_units;
    for (const auto& e : in.corpus.puzzles)
        if (wanted(s, e.id, e.tags, &e.size) && quick.take(e)) {
            Unit u(Unit::Kind::corpus_puzzle);
            u.puzzle = &e;
            units.push_back(std::move(u));
        }
    for (const auto& e : in.corpus.grid_checks)
        if (wanted(s, e.id, e.tags, &e.size) && quick.take(e)) {
            Unit u(Unit::Kind::grid_check);
            u.check = &e;
            units.push_back(std::move(u));
        }
    for (const auto& e : in.corpus.steps)
        if (wanted(s, e.id, e.tags, &e.size) && quick.take(e)) {
            Unit u(Unit::Kind::corpus_step);
            u.step = &e;
            units.push_back(std::move(u));
        }
    for (const auto& e : in.corpus.generators) {
        if (!wanted(s, e.id, e.tags, &e.size)) continue;
        if (std::none_of(judged.begin(), judged.end(), [&](const Plugin& p) { return p.name() == e.plugin; }))
            continue;  // its plugin is not among those judged
        if (!quick.take(e)) continue;
        Unit u(Unit::Kind::generator);
        u.generator = {e.id, e.plugin, {e.what, e.size, e.seed, 0, e.count, e.options, e.order}, e.expect, false,
                       e.tags, e.where.file};
        units.push_back(std::move(u));
    }
}

// A plain file's lines as units, each given to `each`; a line that is not
// a puzzle is an error. false when `each` stopped the walk.
bool walk_plain_file(const Settings& s, const std::string& path, const std::function<bool(const Unit&)>& each,
                     std::vector<std::string>* errors) {
    bool going = true;
    auto take = [&](InputItem&& item) {
        if (!s.tags.empty() || (!s.ids.empty() && std::find(s.ids.begin(), s.ids.end(), item.origin) == s.ids.end()))
            return true;
        ParseResult parsed = parse_item(item, s.size);
        if (const Reason* r = std::get_if<Reason>(&parsed)) {
            if (errors != nullptr) errors->push_back(item.origin + ": not a puzzle: " + r->message);
            return true;
        }
        Unit u(Unit::Kind::plain_puzzle);
        u.item = std::move(item);
        u.grid = std::get<Grid>(std::move(parsed));
        return going = each(u);
    };
    std::string error;
    read_file_items(path, InputFormat::automatic, s.size, take, error, s.harness.cancel);
    if (!error.empty() && errors != nullptr) errors->push_back(path + ": cannot read (" + error + ")");
    return going;
}

bool regular_file(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

}  // namespace

std::string Unit::identity() const {
    switch (kind) {
        case Kind::corpus_puzzle: return "puzzle " + puzzle->id;
        case Kind::grid_check: return "check " + check->id;
        case Kind::plain_puzzle: return "plain " + item.origin + " " + item.text;
        case Kind::generator: return "generator " + generator.id;
        case Kind::corpus_step: return "step " + step->id;
    }
    return "";
}

Inputs gather(const Settings& s, const std::vector<Plugin>& judged) {
    Inputs in;
    std::vector<std::string> yaml_paths;
    split_paths(s, yaml_paths, in.plain_paths, in.errors);
    if (!yaml_paths.empty()) {
        corpus::LoadResult loaded = corpus::load(yaml_paths);
        for (const auto& d : loaded.errors) in.errors.push_back(d.text());
        in.corpus = std::move(loaded.corpus);
        in.has_corpus = true;
    }
    add_corpus_units(s, judged, in);
    in.held.resize(in.plain_paths.size());
    if (in.has_corpus && s.generators) add_sweep(s, judged, in.sweep, in.sweep_left_out);
    return in;
}

void for_each_unit(const Settings& s, Inputs& in, const std::function<bool(const Unit&)>& each,
                   std::vector<std::string>* errors) {
    for (const Unit& u : in.corpus_units)
        if (!each(u)) return;
    for (std::size_t i = 0; i < in.plain_paths.size(); ++i) {
        const std::string& path = in.plain_paths[i];
        if (regular_file(path)) {
            if (!walk_plain_file(s, path, each, errors)) return;
            continue;
        }
        // A pipe is read on the first walk only, and held.
        if (errors != nullptr)
            walk_plain_file(s, path, [&](const Unit& u) { return in.held[i].push_back(u), true; }, errors);
        for (const Unit& u : in.held[i])
            if (!each(u)) return;
    }
    for (const Unit& u : in.sweep)
        if (!each(u)) return;
}

}  // namespace np::verify
