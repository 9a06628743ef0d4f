// Command-line solvers as plugins: a program in any language, described by a
// small YAML file named NAME.solver.yaml, behind an np_plugin descriptor of
// the host's own. The host then treats it like a shared-library plugin (the
// same Session, the same certification, the same workers); only the calls
// differ: each runs the program (or talks to a long-running one) and reads
// its answer. Unparseable output, a crash or a hang is the solver's failure
// (NP_FAILED), never an "unknown"; a program that misses its deadline is
// stopped and the host reports it as timed out (external_missed_deadline).
// The contract, whole, is in docs/plugin-guide.md.
//
//   name: qqwing-cli                    # [a-z0-9_-]+
//   version: "1.3.4"
//   description: One line
//   command: [qqwing, --solve, --one-line]   # argv; "{puzzle}" is replaced by the puzzle
//                                       # (input: argument), "{size}" by RxC, "{dir}" by
//                                       # the folder of this file, "{limit}" by the solution
//                                       # limit (1, 2, ...; 0 = count them all), "{timeout}" by
//                                       # the seconds left for the call ("9.998"; 0 = none);
//                                       # in one pass: a value is never expanded again.
//                                       # The program: a name with a '/' is a path from the
//                                       # folder of this file, a bare name is looked up in
//                                       # PATH's absolute folders; it, and a script passed
//                                       # as "{dir}/...", must pass the plugin-file checks
//   shapes: [3x3]                       # and/or max_side: 25
//   capabilities: [solve]               # solve, count, prove-unique
//   input: stdin                        # argument | stdin (one process per puzzle)
//                                       # | lines (one long-running process, a puzzle line in,
//                                       #   an answer line out) | json-lines (as lines, each line
//                                       #   {"limit":L,"timeout":S,"size":"RxC","puzzle":"..."})
//   format: line                        # line (N*N symbols) | fpuzzles (f-puzzles JSON, one line)
//   variants: {kinds: [killercage], regions: [irregular, none]}   # with format: fpuzzles: the
//                                       # constraint kinds (f-puzzles keys) and layouts it takes
//   empty: "."                          # the symbol written for an empty cell
//   timeout: 60                         # seconds per call when numplace sets no deadline
//                                       # (--timeout); 60 unless given, 0 = none
//   output:
//     solution: line                    # a line of N*N symbols is the solution
//     json: {solution: solution, count: count, verdict: status}   # or: fields of one JSON object
//     count: 'There are ([0-9]+) solutions'   # a regex, its first group is the count; matched
//                                       # within one line (its first 2 KiB), the first line that has it
//     verdicts: {"not possible": none, "is unique": unique, "invalid": invalid, "gave up": unknown}
//       # words in the output and the verdict each means (none, unique, multiple, invalid,
//       # unknown = stopped by its budget); multiple needs two different solutions printed
//     rating: 'Rating: ([0-9]+)'        # optional: the program's own rating of the puzzle, the
//                                       # first group a whole number; or a word mapped to one:
//     rating: {pattern: 'Difficulty: (\w+)', levels: {Simple: 1, Easy: 2, Intermediate: 3, Expert: 4}}
//       # passed on as the call's counter `rating` (a claim: rate --compare reads it,
//       # nothing is certified from it); a line without it, or an unlisted word, gives none
#pragma once

#include <memory>
#include <string>

#include "numplace/plugin_api.h"

namespace np {

struct ExternalSolver;

// The descriptor and the instance factory of one described solver; the
// object owns everything the descriptor points to.
class ExternalPlugin {
public:
    ~ExternalPlugin();
    const np_plugin& descriptor() const;
    void* create() const;  // an instance (for `lines`: the process, started on first use)
    const std::string& program() const;  // the command's program, an absolute path

    // Reads PATH (a *.solver.yaml file); nullptr and `error` when it is not
    // a usable description, or (unless `allow_insecure`) its program or a
    // script it passes from its folder could have been changed by someone
    // other than root or this user (trust.hpp).
    static std::shared_ptr<ExternalPlugin> load(const std::string& path, bool allow_insecure, std::string& error);

private:
    ExternalPlugin() = default;
    std::unique_ptr<ExternalSolver> solver_;
};

// True when the last call on `instance` (from ExternalPlugin::create) ended
// because the program gave no answer by its deadline and was stopped: the
// host reports that as timed out, the end a worker's watchdog gives a plugin
// that ignores its deadline.
bool external_missed_deadline(const void* instance);

// True for a file name ending in ".solver.yaml".
bool is_solver_description(const std::string& path);

}  // namespace np
