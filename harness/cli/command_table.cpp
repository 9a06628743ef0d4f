// The table of commands: a new command is one unit in commands/ and one line
// here.
#include "commands/commands.hpp"

namespace np::cli {

const std::vector<Command>& command_table() {
    static const std::vector<Command> table = {
        verify_command(),
        fuzz_command(),
        bench_command(),
        report_command(),
        plugins_command(),
        solve_command(),
        explain_command(),
        rate_command(),
        count_command(),
        generate_command(),
        check_command(),
        prove_check_command(),
        corpus_lint_command(),
        corpus_import_command(),
    };
    return table;
}

std::string group_summary(const std::string& group) {
    if (group == "corpus") return "The YAML puzzle corpus: lint it, import datasets into it";
    return "";
}

}  // namespace np::cli
