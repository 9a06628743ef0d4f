// What several commands share besides the flags, inputs and JSON rows
// (flags.cpp, inputs.cpp, rows_json.cpp): the worker program and the CPUs,
// interruption, plugin loading, output files, and the batch tally.
#include "cli/shared.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <csignal>
#include <memory>

#include "output/output_file.hpp"

namespace np::cli {

unsigned usable_cpus() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
    return 1;
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

// ---- Plugins and output files ------------------------------------------------------------

PluginRegistry load_plugins(const Args& args, std::ostream& err, bool summarize_skipped) {
    PluginRegistry registry;
    registry.set_allow_insecure(args.flag("--allow-insecure-plugins"));
    registry.add_standard_search_path(args.texts("--plugin-dir"));
    if (summarize_skipped && !registry.skipped().empty())
        err << "numplace: " << registry.skipped().size() << " plugin file(s) skipped; `numplace plugins` says why\n";
    return registry;
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

}  // namespace np::cli
