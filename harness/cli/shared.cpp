#include "shared.hpp"

#include <sched.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <boost/dll/runtime_symbol_info.hpp>
#include <sstream>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>

#include "numplace/format.hpp"
#include "output_file.hpp"

namespace np::cli {

unsigned usable_cpus() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
    return 1;
}

namespace fs = std::filesystem;

// ---- Flags -----------------------------------------------------------------------

namespace flags {

namespace {
// 10 -> "10", 0.5 -> "0.5": a default as a user would type it.
std::string number_text(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}
}  // namespace

FlagSpec plugin_dir() {
    return {"--plugin-dir", FlagKind::texts,
            "Folder (or single .so) to load plugins from; searched before $NUMPLACE_PLUGIN_PATH and the bundled "
            "folder. The current directory is searched only when named (--plugin-dir .). Repeatable."};
}
FlagSpec allow_insecure_plugins() {
    return {"--allow-insecure-plugins", FlagKind::flag,
            "Load plugin files (.so, .solver.yaml) even when the file or its folder is group- or world-writable or "
            "owned by neither root nor you; refused by default, since whoever can change them runs code as you"};
}
FlagSpec no_sandbox() {
    return {"--no-sandbox", FlagKind::flag,
            "Run plugin processes without the sandbox (their own namespaces, Landlock, seccomp, limits; "
            "docs/reliability.md). Also NUMPLACE_NO_SANDBOX=1"};
}
// How --plugin, --plugins and --oracle name a plugin: said once, in each one's help.
const char* const kByPath =
    ". A plugin is named, or given by its file: anything with a '/' or a '.' is a path (./build/my.so, "
    "solvers/x.solver.yaml); a name that two plugin files give must be given by path";

FlagSpec plugin(const std::string& help) { return {"--plugin", FlagKind::text, help + kByPath}; }
FlagSpec plugin_or_default(const std::string& help) {
    return {"--plugin", FlagKind::text,
            help + ". Default: the plugin that offers itself for the puzzle's shape and input (`numplace plugins` "
                   "shows each one's 'default for'), named on stderr" + kByPath};
}
FlagSpec size(const std::string& default_words) {
    return {"--size", FlagKind::shape,
            "Box shape RxC (R = box height, C = box width): 3x3 is a 9x9 grid. Default: " + default_words};
}
FlagSpec format(std::vector<std::string> choices, std::string default_value) {
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    return {"--format", FlagKind::choice, "Row format on stdout: " + list, std::move(default_value),
            std::move(choices)};
}
FlagSpec input_format() {
    return {"--input-format", FlagKind::choice, "Input: auto, line, grid or share (line and grid also read candidates: docs/input-formats.md)", "auto",
            {"auto", "line", "grid", "share"}};
}
FlagSpec max_nodes() {
    return {"--max-nodes", FlagKind::whole, "Stop each call after this many search nodes (0 = no limit)", "0"};
}
FlagSpec timeout() {
    return {"--timeout", FlagKind::seconds,
            "Stop each call after this many seconds (0 = no limit; a command-line solver still stops at its "
            "description's timeout, 60 s unless it says otherwise)",
            "0"};
}
FlagSpec option() {
    return {"--option", FlagKind::texts,
            "Plugin option key=value, checked against the plugin's own list (numplace plugins); repeatable"};
}
FlagSpec seed(const std::string& help) { return {"--seed", FlagKind::whole, help, "0"}; }
FlagSpec inputs() {
    return {"INPUT", FlagKind::texts,
            "Puzzle files, puzzles, or - for stdin (the default). An argument that names a file is read as one; "
            "one that contains '/' or ends in .txt .sdk .yaml .yml .json .csv .tsv must be a readable file; "
            "anything else is a puzzle, unless it is not one and has not a grid's number of cells (a square of 16 or "
            "more, or that of --size): then it is a file that is not there (\"no such file\", exit 2)."};
}

FlagSpec plugins(const std::string& help) { return {"--plugins", FlagKind::text, help + kByPath}; }
FlagSpec oracle(const std::string& help) { return {"--oracle", FlagKind::text, help + kByPath, harness::kDefaultOracle}; }
FlagSpec call_timeout() {
    return {"--timeout", FlagKind::seconds, "Seconds per call (0 = no limit)",
            number_text(harness::Settings{}.timeout_seconds)};
}
FlagSpec call_max_nodes() {
    return {"--max-nodes", FlagKind::whole,
            "Search nodes per call (0 = no limit); the default keeps a run deterministic and short",
            std::to_string(harness::Settings{}.max_nodes)};
}
FlagSpec in_process() {
    return {"--in-process", FlagKind::flag,
            "Call plugins in this process, not in worker processes: faster to start, but a plugin that crashes "
            "ends the run (for trusted plugins)"};
}
FlagSpec memory() {
    return {"--memory", FlagKind::whole,
            "Address-space limit of each worker process, MiB (0 = none; off in sanitizer builds)",
            std::to_string(runner::Settings{}.memory_mib)};
}
FlagSpec max_proof_bytes(uint64_t default_bytes) {
    return {"--max-proof-bytes", FlagKind::whole,
            "Ask plugins that can prove (capability proof) for a proof of each complete search, of at most this "
            "many bytes, and check it here (0 = ask for none; docs/proofs.md)",
            std::to_string(default_bytes)};
}
std::vector<FlagSpec> harness(const std::string& plugins_help, const std::string& oracle_help) {
    return {plugins(plugins_help), plugin_dir(),     allow_insecure_plugins(), no_sandbox(), oracle(oracle_help),
            call_timeout(),        call_max_nodes(), in_process(),             memory()};
}

}  // namespace flags

std::vector<FlagSpec> with(std::vector<FlagSpec> shared, const std::vector<FlagSpec>& own) {
    shared.insert(shared.end(), own.begin(), own.end());
    return shared;
}

harness::Settings harness_settings(const Args& args) {
    harness::Settings s;
    s.plugins = comma_list(args.text("--plugins"));
    s.plugin_dirs = args.texts("--plugin-dir");
    s.allow_insecure_plugins = args.flag("--allow-insecure-plugins");
    if (args.takes("--oracle")) s.oracle = args.text("--oracle");
    s.oracle_named = args.has("--oracle");
    if (args.takes("--timeout")) s.timeout_seconds = args.seconds("--timeout");
    if (args.takes("--max-nodes")) s.max_nodes = args.whole("--max-nodes");
    s.max_nodes_given = args.has("--max-nodes");
    s.runner.in_process = args.flag("--in-process");
    if (args.takes("--memory")) s.runner.memory_mib = args.whole("--memory");
    if (args.takes("--max-proof-bytes")) s.max_proof_bytes = args.whole("--max-proof-bytes");
    s.runner.worker_program = worker_program();
    s.cancel = &interrupt_flag();
    return s;
}

std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

std::string worker_program() {
    std::error_code ec;
    const auto exe = boost::dll::program_location(ec);
    return ec ? "numplace-worker" : (exe.parent_path() / "numplace-worker").string();
}

bool worker_available(const Args& args, std::ostream& err) {
    if (args.flag("--in-process")) return true;
    const std::string program = worker_program();
    if (::access(program.c_str(), X_OK) == 0) return true;
    err << "numplace: " << utf8_clean(program) << " is missing: plugins run in numplace-worker processes (or use "
        << "--in-process for trusted plugins)\n";
    return false;
}

// ---- Interruption ------------------------------------------------------------------

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};

// The first signal asks the command to stop cleanly (reports stay whole); a
// second one ends the process at once, as a user who presses Ctrl-C again
// expects, even where a loop never looks at the flag.
extern "C" void on_signal(int signo) {
    if (g_interrupted.load(std::memory_order_relaxed)) {
        output::remove_temporaries_now();  // the dying process leaves no half-written output beside its target
        ::signal(signo, SIG_DFL);
        ::raise(signo);
        return;
    }
    g_signal.store(signo, std::memory_order_relaxed);
    g_interrupted.store(true, std::memory_order_relaxed);
}

}  // namespace

void install_interrupt_handlers() {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a blocked read of stdin returns
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }
bool interrupted() { return g_interrupted.load(std::memory_order_relaxed); }
int interrupt_exit_code() {
    switch (g_signal.load(std::memory_order_relaxed)) {
        case SIGINT: return kExitSigint;
        case SIGTERM: return kExitSigterm;
        default: return interrupted() ? kExitSigint : 0;
    }
}

// ---- Shared settings -----------------------------------------------------------------

Budget budget_of(const Args& args) {
    Budget b;
    b.max_nodes = args.whole("--max-nodes");
    b.timeout_seconds = args.seconds("--timeout");
    b.cancel = &interrupt_flag();
    if (args.takes("--max-proof-bytes")) b.max_proof_bytes = args.whole("--max-proof-bytes");
    return b;
}

std::optional<Geometry> size_of(const Args& args) {
    return args.has("--size") ? Geometry::parse(args.text("--size")) : std::nullopt;
}

InputFormat input_format_of(const Args& args) {
    return input_format_from_name(args.text("--input-format")).value_or(InputFormat::automatic);
}

PluginRegistry load_plugins(const Args& args, std::ostream& err, bool summarize_skipped) {
    PluginRegistry registry;
    registry.set_allow_insecure(args.flag("--allow-insecure-plugins"));
    registry.add_standard_search_path(args.texts("--plugin-dir"));
    if (summarize_skipped && !registry.skipped().empty())
        err << "numplace: " << registry.skipped().size() << " plugin file(s) skipped; `numplace plugins` says why\n";
    return registry;
}

bool take_options(const Args& args, const std::string& flag, OptionList& out, std::ostream& err) {
    auto options = parse_options(args.texts(flag), err);
    if (options) out = std::move(*options);
    return options.has_value();
}

std::optional<OptionList> parse_options(const std::vector<std::string>& given, std::ostream& err) {
    OptionList list;
    for (const auto& text : given) {
        auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0) {
            err << "numplace: --option " << utf8_clean(text) << ": expected key=value\n";
            return std::nullopt;
        }
        list.emplace_back(text.substr(0, eq), text.substr(eq + 1));
    }
    return list;
}

bool write_file(const std::string& path, const std::string& text, std::ostream& out, std::ostream& err) {
    return write_files({{path, text}}, out, err);
}

bool write_files(const std::vector<std::pair<std::string, std::string>>& files, std::ostream& out, std::ostream& err) {
    std::vector<std::unique_ptr<output::OutputFile>> opened;  // those not committed abort as they go
    std::vector<output::OutputFile*> order;
    std::string error;
    for (const auto& [path, text] : files)
        if (path == "-") out << text;
    for (const auto& [path, text] : files) {
        if (path == "-") continue;
        opened.push_back(output::OutputFile::open(path, error));
        if (!opened.back()) break;
        opened.back()->write(text);
        order.push_back(opened.back().get());
    }
    if (error.empty() && output::commit_all(order, error)) return true;
    err << "numplace: " << utf8_clean(error) << "\n";
    return false;
}

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
        } else if (fs::exists(fs::symlink_status(input, ec)) || looks_like_path(input)) {
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

// ---- Tally ---------------------------------------------------------------------------

void Tally::row() { ++rows_; }

void Tally::invalid(const std::string& origin) {
    if (first_.empty()) first_ = origin;
    ++invalid_;
    raise(kExitFailed);
}

void Tally::failed(const std::string& origin) {
    if (first_.empty()) first_ = origin;
    ++failed_;
    raise(kExitFailed);
}

int Tally::finish(std::ostream& err, const std::string& noun) {
    if (invalid_ + failed_ > 0) {
        err << "numplace: " << invalid_ + failed_ << " of " << rows_ << " " << noun << ": ";
        if (invalid_ > 0) err << invalid_ << " invalid";
        if (invalid_ > 0 && failed_ > 0) err << ", ";
        if (failed_ > 0) err << failed_ << " failed";
        err << " (first: " << utf8_clean(first_) << ")\n";
    }
    if (interrupted()) {
        err << "numplace: interrupted after " << rows_ << " " << noun << "\n";
        return interrupt_exit_code();
    }
    return exit_;
}

// ---- UTF-8 and JSON rows -------------------------------------------------------------

namespace {

// Cleans every string (and key) in `j`. `path` names where `j` sits; the
// dotted name is built only when something had to be replaced, since nearly
// every row is plain ASCII and this runs on every row.
void clean_strings(json& j, std::vector<const std::string*>& path, std::vector<std::string>& replaced_fields) {
    auto note = [&](const std::string* last_key, bool is_key) {
        std::string name;
        auto add = [&](const std::string& part) {
            if (!name.empty()) name += '.';
            name += utf8_clean(part);
        };
        for (const std::string* part : path) add(*part);
        if (last_key != nullptr) add(*last_key);
        if (is_key) name += " (key)";
        if (std::find(replaced_fields.begin(), replaced_fields.end(), name) == replaced_fields.end())
            replaced_fields.push_back(name);
    };
    if (j.is_string()) {
        if (is_utf8(j.get_ref<const std::string&>())) return;
        j = utf8_clean(j.get_ref<const std::string&>());
        note(nullptr, false);
    } else if (j.is_object()) {
        bool bad_key = false;  // a plugin names its own counters
        for (auto it = j.begin(); it != j.end() && !bad_key; ++it) bad_key = !is_utf8(it.key());
        if (bad_key) {
            json rebuilt = json::object();
            for (auto it = j.begin(); it != j.end(); ++it) {
                if (!is_utf8(it.key())) note(&it.key(), true);
                rebuilt[utf8_clean(it.key())] = std::move(it.value());
            }
            j = std::move(rebuilt);
        }
        for (auto it = j.begin(); it != j.end(); ++it) {
            path.push_back(&it.key());
            clean_strings(it.value(), path, replaced_fields);
            path.pop_back();
        }
    } else if (j.is_array()) {
        for (auto& element : j) clean_strings(element, path, replaced_fields);
    }
}

}  // namespace

void write_json_row(std::ostream& out, json& row) {
    std::vector<const std::string*> path;
    std::vector<std::string> replaced;
    if (row.is_object()) row.erase("not_utf8");  // a reused row drops the last one's
    clean_strings(row, path, replaced);
    if (!replaced.empty()) row["not_utf8"] = replaced;
    // Serialized into one buffer kept from row to row (a row a puzzle, at
    // 150,000 puzzles a second). error_handler_t::replace is a second guard;
    // clean_strings already made every string valid.
    thread_local std::string buffer;
    buffer.clear();
    nlohmann::detail::serializer<json> serializer(nlohmann::detail::output_adapter<char>(buffer), ' ',
                                                  json::error_handler_t::replace);
    serializer.dump(row, false, false, 0);
    buffer += '\n';
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

void write_json_row(std::ostream& out, json&& row) { write_json_row(out, row); }

std::string dump_document(json document) {
    std::vector<const std::string*> path;
    std::vector<std::string> replaced;
    clean_strings(document, path, replaced);
    if (!replaced.empty()) document["not_utf8"] = replaced;
    return document.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string puzzle_text(const Grid& puzzle) {
    return puzzle.has_candidates() ? format_candidates(puzzle) : format_line(puzzle);
}

}  // namespace np::cli
