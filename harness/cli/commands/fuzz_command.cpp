// numplace fuzz: random puzzles, metamorphic properties, shrunk failures
// (harness/fuzz).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands/commands.hpp"
#include "fuzz/fuzz.hpp"
#include "numplace/format.hpp"
#include "numplace/variant.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// The proof property's budget per proof: fuzz's puzzles are small, and a
// proof over it is skipped, not failed.
constexpr uint64_t kProofBytes = 1 << 20;

// --kinds as given back in "find it again" (nothing for every kind).
std::string kinds_flag(const std::vector<Kind>& kinds) {
    std::string list;
    for (Kind k : kinds) {  // appends: GCC 12 warns falsely on "," + std::string(...)
        if (!list.empty()) list += ',';
        list += kind_key(k);
    }
    return list.empty() ? "" : " --kinds " + list;
}

// A puzzle's shape as a person says it: RxC boxes, or a side with a
// jigsaw or no regions (whose geometry is 1xN).
std::string shape_name(const Grid& g) {
    if (!g.is_variant() || g.variant->regions == RegionLayout::boxes) return g.geometry.name();
    const std::string side = std::to_string(g.side());
    return side + "x" + side + (g.variant->regions == RegionLayout::irregular ? " jigsaw" : " without regions");
}

// One finding: the FAIL line (tests and tests/mutants/who-caught-what read
// it), the puzzle, how to find it again, its corpus entry; the entry's YAML.
std::string print_finding(const fuzz::Finding& f, const fuzz::Settings& s, std::ostream& out) {
    std::string again = "numplace fuzz --plugins " + f.plugin;
    for (const auto& dir : s.harness.plugin_dirs) again += " --plugin-dir " + dir;
    if (s.harness.allow_insecure_plugins) again += " --allow-insecure-plugins";
    if (s.size) again += " --size " + s.size->name();
    for (const auto& [key, value] : s.rating_options) again += " --rating-option " + key + "=" + value;
    // A later finding of a seed comes after the earlier ones, which the seed
    // finds first.
    if (s.keep_going > 1) again += " --keep-going " + std::to_string(s.keep_going);
    if (s.variants) again += " --variants" + kinds_flag(s.variant_kinds);
    out << "FAIL " << f.plugin << ": " << f.property << ": " << f.message << "\n";
    if (f.generator)  // a generator's output is not shrunk: it is what the call made
        out << "  its result (" << f.puzzle.geometry.name() << ", " << f.puzzle.given_count()
            << " givens): " << format_line(f.puzzle) << "\n";
    else
        out << (f.shrunk_completely ? "  shrunk puzzle (" : "  partly shrunk (--shrink-seconds ran out) (")
            << shape_name(f.puzzle) << ", " << f.puzzle.given_count() << " givens"
            << (f.puzzle.is_variant() ? ", " + std::to_string(f.puzzle.variant->constraints.size()) + " constraints" : "")
            << "): " << format_line(f.puzzle) << "\n"
            << "  as found:      " << f.original << "\n";
    out << "  find it again: " << again << " --seed " << f.seed << "\n";
    if (!f.reproduce.empty())  // variant cases are drawn by seed alone, not by rapidcheck
        out << "  reproduce:     " << again << " --reproduce '" << f.reproduce << "'\n";
    const std::string entry = f.generator    ? corpus::to_yaml(*f.generator)
                              : f.step_entry ? corpus::to_yaml(*f.step_entry)
                              : f.entry      ? corpus::to_yaml(*f.entry)
                                             : "";
    if (!entry.empty()) out << "  corpus entry:\n" << entry;
    return entry;
}

// --kinds: f-puzzles keys, comma-separated; false with the unknown key.
bool take_kinds(const std::string& text, std::vector<Kind>& kinds, std::ostream& err) {
    std::stringstream in(text);
    for (std::string key; std::getline(in, key, ',');) {
        const auto k = kind_from_key(key);
        if (!k) {
            err << "numplace fuzz: --kinds: '" << key << "' is not a constraint kind's f-puzzles key\n";
            return false;
        }
        kinds.push_back(*k);
    }
    return true;
}

// What the variant properties did (--variants), found or not: the puzzles
// and the constraints of each kind drawn, and the copies compared.
void print_variants(const fuzz::VariantTally& t, std::ostream& out) {
    std::string kinds;
    for (int k = 0; k < kKindCount; ++k)
        if (t.kinds[static_cast<std::size_t>(k)] > 0)
            kinds += (kinds.empty() ? "" : ", ") + std::string(kind_key(static_cast<Kind>(k))) + " " +
                     std::to_string(t.kinds[static_cast<std::size_t>(k)]);
    out << "numplace fuzz: " << t.puzzles << " variant puzzles drawn from known solutions; constraints: " << kinds
        << "\n"
        << "numplace fuzz: " << t.judged << " answers certified (" << t.unique << " unique, " << t.few
        << " with a few solutions, " << t.many << " with " << fuzz::kVariantLimit << " or more), " << t.agreements
        << " counts compared with another engine's; copies compared: " << t.added_givens << " with a given more, "
        << t.added_constraints << " with a constraint more, " << t.symmetries << " under a symmetry, "
        << t.relabellings << " relabelled\n";
    if (t.proofs > 0)
        out << "numplace fuzz: " << t.proofs << " variant proofs checked, each agreeing with another engine's count; "
            << t.proof_lies << " false claims made from them by mutation, none accepted\n";
    if (t.skipped > 0) out << "numplace fuzz: " << t.skipped << " times a plugin did not take a drawn puzzle (skipped)\n";
    if (t.no_counter > 0)
        out << "numplace fuzz: note: " << t.no_counter << " puzzles had no other engine to count them (agreement not checked)\n";
    if (t.map_errors > 0)
        out << "numplace fuzz: warning: " << t.map_errors
            << " copies refused by the host's check of their mapped solution (a mistake of fuzz's own maps)\n";
}

// What the proof property did, after a run that found nothing: the proofs
// checked, and the lies made from them that the checker had to refuse.
void print_proofs(const fuzz::ProofTally& t, std::ostream& out) {
    if (t.checked > 0)
        out << "numplace fuzz: " << t.checked << " proofs checked, each agreeing with an independent count; from them, "
            << t.perturbed << " paired with their puzzle less a clue and " << t.mutated << " mutated ("
            << t.mutated_rejected << " of these rejected even for the true claim): " << t.false_claims
            << " false claims, none accepted\n";
    if (t.generated > 0)
        out << "numplace fuzz: " << t.generated << " generated puzzles' proofs of uniqueness checked\n";
}

// What the step property did: the explanations judged, and the plugins
// whose steps' entailment could not be checked (always said, found or not).
void print_steps(const fuzz::StepTally& t, std::ostream& out) {
    if (t.explanations > 0)
        out << "numplace fuzz: " << t.explanations << " explanations (" << t.steps
            << " steps) checked by the step checker: " << t.effects << " forcing puzzles without a solution (each "
            << "sampled effect, by the state and by its pattern), " << t.undecided << " undecided within the budget\n";
    for (const auto& why : t.unchecked) out << "numplace fuzz: note: " << why << "\n";
}

// What the rating property did, after a run that found nothing.
void print_ratings(const fuzz::RatingTally& t, std::ostream& out) {
    if (t.steps > 0)
        out << "numplace fuzz: " << t.steps << " steps' names checked against their patterns; " << t.puzzles
            << " puzzles with one solution rated and " << t.copies
            << " copies compared (relabelled, permuted, transposed, a clue more)\n";
}

// Every finding's entry in one corpus file (an empty list when none has one).
std::string regressions_file(const std::vector<fuzz::Finding>& findings, const std::vector<std::string>& entries) {
    bool puzzles = false, generators = false, steps = false;
    for (std::size_t i = 0; i < findings.size(); ++i)
        if (!entries[i].empty()) (findings[i].generator ? generators : findings[i].step_entry ? steps : puzzles) = true;
    std::string text = "# Found by numplace fuzz";
    if (puzzles) text += "; a puzzle's expectation is an independent prover's complete search";
    if (generators) text += "; a generator entry is a call and the properties its results must have";
    if (steps) text += "; a step entry is the candidate state before a failing step, with the prover's answer for it";
    text += ".\n";
    for (const auto& entry : entries) text += entry;
    return puzzles || generators || steps ? text : text + "[]\n";
}

// --variants and --kinds (harness/fuzz/variant_run.hpp).
std::vector<FlagSpec> variant_flags() {
    return {
        {"--variants", FlagKind::flag,
         "Variant puzzles instead of classic ones (docs/verification.md, \"Variants\"): each made from a known "
         "solution grid (constraints derived from it, givens removed), judged for every tested plugin "
         "that takes it: certified answers, never 'none', counts agreeing with another engine that takes "
         "the kinds, a given or a constraint more never adding solutions, symmetries and the relabellings "
         "each kind allows keeping the count; a finding shrinks (constraints, then givens) into a variant "
         "corpus entry"},
        {"--kinds", FlagKind::text,
         "With --variants (and implying it): only these kinds, a,b as f-puzzles keys (killercage, "
         "thermometer, ...); default: every kind a tested plugin takes"}};
}

int run(const Args& args, Streams io) {
    if (!worker_available(args, io.err)) return kExitUsage;
    fuzz::Settings s;
    s.harness = harness_settings(args);
    s.size = size_of(args);
    s.seconds = args.seconds("--seconds");
    s.seed = args.whole("--seed");
    s.seeds = args.whole("--seeds");
    s.shrink_seconds = args.seconds("--shrink-seconds");
    s.reproduce = args.text("--reproduce");
    s.keep_going = args.whole("--keep-going");
    s.deep = args.flag("--deep");
    if (!take_options(args, "--rating-option", s.rating_options, io.err)) return kExitUsage;
    s.variants = args.flag("--variants") || args.has("--kinds");
    if (args.has("--kinds") && !take_kinds(args.text("--kinds"), s.variant_kinds, io.err)) return kExitUsage;
    std::string error;
    auto result = fuzz::run(s, error);
    if (!result) {
        io.err << "numplace fuzz: " << error << "\n";
        return kExitUsage;
    }
    if (result->findings.empty() && result->interrupted) {
        // The seed in flight was cut short: the run goes on from it.
        const uint64_t next = s.seed + result->seeds - (result->seeds > 0);
        io.out << "numplace fuzz: interrupted: nothing found in " << result->cases << " cases; to go on, run again "
               << "with --seed " << next << "\n";
        return interrupt_exit_code();
    }
    if (result->findings.empty()) {
        io.out << "numplace fuzz: nothing found in " << result->cases << " cases (seeds " << s.seed << " to "
               << s.seed + result->seeds - (result->seeds > 0) << ")\n";
        print_proofs(result->proofs, io.out);
        print_steps(result->steps, io.out);
        print_ratings(result->ratings, io.out);
        if (s.variants) print_variants(result->variants, io.out);
        return kExitOk;
    }
    std::vector<std::string> entries;
    for (const auto& f : result->findings) entries.push_back(print_finding(f, s, io.out));
    for (const auto& why : result->steps.unchecked) io.out << "numplace fuzz: note: " << why << "\n";
    if (s.variants) print_variants(result->variants, io.out);
    if (s.keep_going > 1)
        io.out << "numplace fuzz: " << result->findings.size() << " distinct finding"
               << (result->findings.size() == 1 ? "" : "s") << " in " << result->cases << " cases\n";
    if (args.has("--regressions") &&
        !write_file(args.text("--regressions"), regressions_file(result->findings, entries), io.out, io.err))
        return kExitUsage;
    return kExitFailed;
}

}  // namespace

Command fuzz_command() {
    return {{"fuzz"},
            "Random puzzles of every shape against metamorphic properties; failures shrunk to small puzzles",
            "rapidcheck draws a shape, a full grid from an independent seed (a generating plugin's, certified, "
            "seen through a random symmetry), and a puzzle: clues removed, plus a wrong clue or a duplicate given. "
            "Each plugin must then: give certified answers; agree with an independent prover's complete search (the "
            "oracle's, or for the oracle itself another plugin's; certificates "
            "outrank claims); keep its verdict, and carry its solution along, under a symmetry; stay unique with the "
            "same solution when a clue from the solution is added; never lose solutions when a clue is removed; "
            "call duplicate givens invalid. A plugin that can prove (capability proof) is asked once more with proofs "
            "(--max-proof-bytes; 0 turns this off): its proof must pass the checker and agree with an independent "
            "counter, and lies made from it (the proof with the puzzle less a clue that makes the claim false; the "
            "proof with a child dropped, two values swapped or bytes cut) must never be accepted for a claim the "
            "counter refutes. A plugin that explains (capability explain) is asked once more for its steps, and the "
            "step checker judges them (property step): sound against the prover's solution, reaching a unique "
            "answer's solution, and a seeded sample of them (all with --deep) entailed by the candidate state and by "
            "their own pattern (the prover, which must take candidates, refutes a step with a certified solution); "
            "a failing step is kept as a step entry: the candidates before it and the step. Each generator is also given a drawn call (grids or puzzles, a seed, a "
            "first index, 1-3 results): every result certified, each puzzle unique by an independent prover, the same results "
            "when asked again, from first_index and as a shorter run. A plugin that counts must, on shapes up to 3x3, "
            "on a puzzle with few solutions (at most 300, by the oracle: the drawn puzzle, or its full grid with as "
            "many clues removed as keep the count that low), count min(L, the exact count) for a drawn limit L, "
            "and say it explored everything only when that count is exact; the exact count is the oracle's, with "
            "no limit (for the oracle itself, another counter's), and a puzzle it cannot count within --max-nodes "
            "is skipped. A failure is shrunk clue by clue and printed with the --seed that finds it again, a "
            "rapidcheck reproduce string and a corpus entry. The run stops at its first failure, or with "
            "--keep-going N after N distinct ones (by plugin, property and kind; a case that fails as one already "
            "found is passed over), each shrunk and printed in turn. Exit 0 when nothing was found in --seconds, 1 "
            "on a failure.",
            with(with(flags::harness("Plugins to fuzz, a,b (default: every loaded plugin that can solve or generate)",
                                "Plugin whose complete search is the truth (for the oracle itself: another plugin that "
                                "proves uniqueness)"),
                 {{"--seconds", FlagKind::seconds, "Time for the whole run (seeds follow one another until it is up)", "10"},
                  flags::seed("First rapidcheck seed; the run goes on with seed + 1, + 2, ..."),
                  {"--seeds", FlagKind::whole,
                   "Run exactly this many seeds (20 cases each) instead of until --seconds: a fixed, repeatable amount "
                   "of work, for tests",
                   "0"},
                  {"--size", FlagKind::shape, "Only this box shape (default: 2x2, 2x3, 3x3, 3x4, 4x4, 5x5)"},
                  {"--shrink-seconds", FlagKind::seconds,
                   "At most this long shrinking a failure (each step may wait for a hung plugin's watchdog)", "60"},
                  FlagSpec("--keep-going", FlagKind::whole,
                           "Collect up to N distinct findings (by plugin, property and kind) instead of stopping at "
                           "the first",
                           "1")
                      .at_least(1),
                  {"--regressions", FlagKind::text,
                   "Write each finding's shrunk puzzle (or failing generator call) as a corpus entry, all in one "
                   "FILE.yaml"},
                  {"--reproduce", FlagKind::text, "Run once with this reproduce string from an earlier failure"},
                  {"--deep", FlagKind::flag,
                   "Check every step of every explanation for entailment (default: a seeded sample of 4 steps each)"},
                  {"--rating-option", FlagKind::texts,
                   "The rating property's explaining calls get this option key=value (repeatable): profile=se for "
                   "logic's easiest path, on which its tolerance was measured (docs/rating.md); a plugin that does "
                   "not take it is not rated"},
                  flags::max_proof_bytes(kProofBytes)}),
                 variant_flags()),
            run};
}

}  // namespace np::cli
