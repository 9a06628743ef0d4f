// The numplace command line as a table of commands. Each command is one unit
// (commands/NAME.cpp): its flags, its help and its run function. main.cpp,
// the only file that includes CLI11, maps the table onto CLI11; everything
// else here is plain C++ and can be tested without it.
//
// Conventions every command follows (docs/architecture.md):
//   --format        the format of the rows a command prints on stdout
//   --report/--json/--csv/--markdown FILE   whole-run files ("-" = stdout)
//   -j N            parallelism;  --seconds T   a time budget
//   exit 0 ok, 1 a row failed, 2 usage or I/O, 130/143 interrupted
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace np::cli {

// numplace's version: --version prints it, a proof file records it.
inline constexpr const char* kVersion = "0.2.0";

// Exit codes, the same for every command.
constexpr int kExitOk = 0;       // every input processed and well-formed
constexpr int kExitFailed = 1;   // an input was invalid, a plugin failed or was wrong
constexpr int kExitUsage = 2;    // usage or I/O error: bad flag, unknown plugin, unreadable file
constexpr int kExitSigint = 130; // stopped by SIGINT (Ctrl-C): 128 + 2
constexpr int kExitSigterm = 143; // stopped by SIGTERM: 128 + 15

// What a flag's value must be. The value is checked once, centrally, before
// the command runs: a command only ever sees values that passed.
enum class FlagKind {
    flag,     // present or not
    text,     // any text
    texts,    // any text, repeatable
    whole,    // a whole number in [min, max]
    seconds,  // a finite number of seconds >= 0
    percent,  // a number from 0 to 100, with or without a trailing %
    choice,   // one of `choices`
    shape,    // a box shape RxC
};

struct FlagSpec {
    FlagSpec(std::string name_, FlagKind kind_, std::string help_, std::string default_value_ = "",
             std::vector<std::string> choices_ = {})
        : name(std::move(name_)), kind(kind_), help(std::move(help_)), default_value(std::move(default_value_)),
          choices(std::move(choices_)) {}
    FlagSpec& mandatory() { required = true; return *this; }
    FlagSpec& at_least(uint64_t value) { min = value; return *this; }

    std::string name;  // "--limit", or a positional argument in capitals ("INPUT")
    FlagKind kind = FlagKind::text;
    std::string help;
    std::string default_value;  // used when absent ("" = none)
    std::vector<std::string> choices;
    uint64_t min = 0, max = UINT64_MAX;
    bool required = false;
    bool positional() const { return !name.empty() && name[0] != '-'; }
};

// The values given for one command, already validated against its flags.
class Args {
public:
    // The raw texts as given (several for repeatable flags and positionals).
    std::map<std::string, std::vector<std::string>> given;

    bool has(const std::string& name) const;
    bool flag(const std::string& name) const { return has(name); }
    // The value, or the flag's default when it was not given.
    const std::string& text(const std::string& name) const;
    const std::vector<std::string>& texts(const std::string& name) const;
    uint64_t whole(const std::string& name) const;
    double seconds(const std::string& name) const;
    double percent(const std::string& name) const;  // 0 to 100
    // Whether the command has this flag at all (given or not).
    bool takes(const std::string& name) const;

    const std::vector<FlagSpec>* specs = nullptr;
};

struct Streams {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

struct Command {
    std::vector<std::string> path;  // {"solve"} or {"corpus", "lint"}
    std::string summary;            // one line for the command list
    std::string details;            // more help, printed under the flags
    std::vector<FlagSpec> flags;
    std::function<int(const Args&, Streams)> run;
};

// Every command, in the order `numplace --help` lists them.
const std::vector<Command>& command_table();
// One line for a group of commands ("corpus" for corpus lint and import).
std::string group_summary(const std::string& group);

// Checks every given value against its spec; "" when all are fine, otherwise
// the one-line usage error ("--limit -1: expected a whole number >= 1").
std::string validate(const Command& command, Args& args);

// Runs a command: validates, prints a usage error (exit 2) or runs it.
int run_command(const Command& command, Args& args, Streams io);

// The known name nearest to `word` (edits: a letter added, dropped, changed
// or two swapped; case ignored), when it is near enough to be a slip: at
// most a third of the word's letters, and at least 1 (1 for a short word).
// nullopt when none is, or when two are equally near.
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& known);
// " (did you mean NAME?)" for nearest's answer, "" for none.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& known);

// The full name: "corpus lint".
std::string command_name(const Command& command);

}  // namespace np::cli
