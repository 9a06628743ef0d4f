// Input streaming (inputs.hpp): files, stdin read in bursts so that a
// pause hands over the items already read, and puzzles given inline.
#include "cli/inputs.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/shared.hpp"
#include "numplace/fpuzzles.hpp"

namespace np::cli {

namespace fs = std::filesystem;

// ---- Inputs --------------------------------------------------------------------------

namespace {

// Arguments that can only be meant as files: letters are symbols at 25x25,
// so only a '/' or a file extension tells.
bool looks_like_path(const std::string& arg) {
    if (arg.find('/') != std::string::npos) return true;
    static const char* kExtensions[] = {".txt", ".sdk", ".yaml", ".yml", ".json", ".csv", ".tsv"};
    for (const char* ext : kExtensions) {
        const std::string e = ext;
        if (arg.size() > e.size() && arg.compare(arg.size() - e.size(), e.size(), e) == 0) return true;
    }
    return false;
}

// Whether every item read so far is decided once `line` (the last one read)
// has ended, so that a pause in the input can hand them over: a blank line
// ends a grid block; a line puzzle of 36 cells or more is no grid row (a
// row has at most 35 symbols; a 16-symbol line may be a 16x16 row).
bool ends_items(std::string_view line, InputFormat format, const std::optional<Geometry>& size) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos) return true;
    if (line[start] == '#') return false;  // a comment neither ends nor starts an item
    if (format == InputFormat::line || format == InputFormat::share) return true;
    if (format == InputFormat::grid) return false;
    const std::string_view field = line.substr(start, line.find_first_of(" \t\r:", start) - start);
    if (size) return field.size() == static_cast<std::size_t>(size->cell_count());
    return field.size() > 16 && Geometry::from_cell_count(field.size()).has_value();
}

// Standard input that comes a piece at a time (a pipe, a terminal), read in
// bursts: a burst ends where the next read would wait, after a line that
// ends every item; read_items hands over all it holds at the end of its
// input, and `idle` runs before numplace waits, so that the answers to what
// came are out first. Origins count the lines of the whole input.
bool read_stdin_in_bursts(InputFormat format, std::optional<Geometry> size, const std::function<bool(InputItem&&)>& each,
                          const std::function<void()>& idle, std::string& error) {
    bool ended = false;
    int lines_before = 0, lines = 0;
    std::string last_line;  // the line being read (its start: enough to classify it)
    bool at_line_end = false, read_any = false;  // read_any: in this burst
    auto read = [&](char* buffer, std::size_t capacity) -> std::size_t {
        pollfd waiting{STDIN_FILENO, POLLIN, 0};
        if (ended || (read_any && at_line_end && ends_items(last_line, format, size) && ::poll(&waiting, 1, 0) == 0))
            return 0;
        ssize_t got = 0;
        while ((got = ::read(STDIN_FILENO, buffer, capacity)) < 0 && errno == EINTR && !interrupted()) {}
        if (got < 0 && errno != EINTR) error = std::strerror(errno);
        if (got <= 0) return ended = true, 0;
        read_any = true;
        for (std::size_t i = 0; i < static_cast<std::size_t>(got); ++i) {
            if (at_line_end) last_line.clear();
            at_line_end = buffer[i] == '\n';
            if (at_line_end) ++lines;
            else if (last_line.size() < 4096) last_line += buffer[i];
        }
        return static_cast<std::size_t>(got);
    };
    auto renumbered = [&](InputItem&& item) {
        item.origin = "stdin:" + std::to_string(lines_before + std::stoi(item.origin.substr(6)));
        return each(std::move(item));
    };
    while (!ended) {
        read_any = false;
        if (!read_items(read, "stdin", format, size, renumbered)) return false;
        lines_before = lines;
        if (!ended) idle();
    }
    return true;
}

// Whether an argument that names no file is meant as a puzzle: it parses as
// one, or it has a grid's number of cells (an invalid puzzle, whose row says
// why). Anything else ("nope", a misspelt file name) is a missing file: read
// as a puzzle it would be a grid of 4 cells, which is no one's intent.
bool meant_as_puzzle(const InputItem& item, const std::optional<Geometry>& size) {
    if (std::holds_alternative<Grid>(parse_item(item, size))) return true;
    // A JSON object or an f-puzzles link is a puzzle, never a file name
    // mistyped: its errors are its own (a cage off the grid, a bad key).
    if (item.format == InputFormat::fpuzzles) return true;
    std::size_t cells = 0;
    for (char c : item.text) cells += std::isspace(static_cast<unsigned char>(c)) == 0;
    if (size) return cells == static_cast<std::size_t>(size->side()) * static_cast<std::size_t>(size->side());
    // Without --size, any grid of side 4 or more (an 8x8 or a 7x7 gets the
    // invalid row that names the --size to give); a side of 2 or 3, four or
    // nine letters, is a word far more often than a puzzle.
    for (std::size_t side = 4; side <= NP_MAX_SIDE; ++side)
        if (cells == side * side) return true;
    return false;
}

// One input named on the command line, or stdin ("-"): read as a stream,
// so that a FIFO, <(cmd) or /dev/stdin works and a huge file costs no memory.
// An input that cannot be opened or read is one error line; the others run.
bool read_one_input(const std::string& name, std::istream& in, std::ostream& err, Tally& tally,
                    InputFormat format, std::optional<Geometry> size,
                    const std::function<bool(InputItem&&)>& each, const std::function<void()>& idle) {
    // An input with no puzzle in it is said, never passed over in silence.
    uint64_t items = 0;
    const std::function<bool(InputItem&&)> counted = [&](InputItem&& item) { return ++items, each(std::move(item)); };
    const std::string shown = utf8_clean(name == "-" ? "stdin" : name);
    std::string error;
    bool go_on = true;
    if (name == "-" && &in != &std::cin) {
        go_on = read_items(in, "stdin", format, size, counted);
    } else {
        struct stat st {};
        const bool bursts = name == "-" && idle && ::fstat(STDIN_FILENO, &st) == 0 && !S_ISREG(st.st_mode);
        go_on = bursts ? read_stdin_in_bursts(format, size, counted, idle, error)
                       : read_file_items(name, format, size, counted, error, &interrupt_flag());
    }
    if (!error.empty()) {
        err << "numplace: " << shown << ": cannot read (" << error << ")\n";
        tally.io_error();
    } else if (items == 0 && go_on && !interrupted()) {
        err << "numplace: " << shown << ": no puzzles in it\n";
    }
    return go_on;
}

}  // namespace

void for_each_input(const Args& args, std::istream& in, std::ostream& err, Tally& tally,
                    const std::function<bool(const InputItem&)>& each, const std::function<void()>& idle) {
    const auto format = input_format_of(args);
    const auto size = size_of(args);
    auto run = [&](InputItem&& item) { return !interrupted() && each(item); };
    const auto& inputs = args.texts("INPUT");
    if (inputs.empty()) {
        read_one_input("-", in, err, tally, format, size, run, idle);
        return;
    }
    bool stdin_read = false;
    int index = 0;
    for (const auto& input : inputs) {
        ++index;
        if (interrupted()) return;
        std::error_code ec;
        if (input == "-") {
            if (stdin_read) continue;
            stdin_read = true;
            if (!read_one_input(input, in, err, tally, format, size, run, idle)) return;
        } else if (fs::exists(fs::symlink_status(input, ec)) || (looks_like_path(input) && !looks_like_fpuzzles(input))) {
            // (an f-puzzles link or its Base64 has slashes, and is no path)
            if (!read_one_input(input, in, err, tally, format, size, run, idle)) return;
        } else {
            InputItem item = argument_item(input, index, format, size);
            if (!meant_as_puzzle(item, size)) {
                err << "numplace: " << utf8_clean(input) << ": no such file (nor a puzzle: it has not a grid's number "
                    << "of cells)\n";
                tally.io_error();
                continue;
            }
            if (!run(std::move(item))) return;
        }
    }
}

}  // namespace np::cli
