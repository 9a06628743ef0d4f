// Input streaming (inputs.cpp): every puzzle the INPUT arguments name, as
// items with their origins.
#pragma once

#include <functional>
#include <iosfwd>

#include "cli/cli.hpp"
#include "numplace/input.hpp"

namespace np::cli {

// Calls `each` for every puzzle the INPUT arguments name, file by file, in
// order: files, stdin ("-" or no argument), or puzzles given inline. A path
// that cannot be read is an I/O error (one line on stderr; the rest still
// runs). `each` returns false to stop (interruption, a fatal plugin answer).
// `idle`, when given, runs whenever standard input (a pipe, a terminal)
// pauses: whatever was answered should be written out then, so that
// `solve | while read` sees each answer before the next puzzle is sent.
class Tally;
void for_each_input(const Args& args, std::istream& in, std::ostream& err, Tally& tally,
                    const std::function<bool(const InputItem&)>& each, const std::function<void()>& idle = {});

}  // namespace np::cli
