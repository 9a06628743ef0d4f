// One factory per command unit; command_table.cpp lists them.
#pragma once

#include "cli/cli.hpp"

namespace np::cli {

Command plugins_command();
Command solve_command();
Command count_command();
Command generate_command();
Command check_command();
Command prove_check_command();
Command corpus_lint_command();
Command corpus_import_command();
Command verify_command();
Command fuzz_command();
Command bench_command();
Command report_command();
Command explain_command();
Command rate_command();

}  // namespace np::cli
