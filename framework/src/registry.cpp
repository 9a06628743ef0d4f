// The plugin registry: the files and folders searched (each file's trust
// checked, trust.hpp), libraries and command-line solvers loaded, their
// descriptors checked (descriptor.hpp) and copied, and names that clash.
#include "numplace/host.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>

#include "abi_v2.hpp"
#include "descriptor.hpp"
#include "numplace/digest.hpp"
#include "numplace/external.hpp"
#include "numplace/trust.hpp"

namespace np {

namespace fs = std::filesystem;

// ---- Registry --------------------------------------------------------------

const Plugin* PluginRegistry::find(std::string_view name) const {
    for (const auto& p : plugins_)
        if (p.name() == name) return &p;
    return nullptr;
}

// Copies with the same bytes are one program (an installed plugin and the
// build it came from): no clash, and the first found is the one used.
std::vector<std::string> PluginRegistry::clash(std::string_view name) const {
    std::vector<std::string> files;
    std::set<std::string> contents;
    for (const auto& p : loaded_)
        if (p.name() == name) {
            files.push_back(p.file());
            contents.insert(p.sha256());
        }
    if (contents.size() < 2) files.clear();
    return files;
}

std::string clash_message(std::string_view name, const std::vector<std::string>& files) {
    std::string text = "plugin name '" + std::string(name) + "' is given by " + std::to_string(files.size()) +
                       " files: ";
    for (std::size_t i = 0; i < files.size(); ++i)
        text += (i == 0 ? "" : i + 1 == files.size() ? " and " : ", ") + files[i];
    return text + " (choose one by its path)";
}

const Plugin* PluginRegistry::loaded_from(const std::string& real_path) const {
    for (const auto& p : loaded_)
        if (p.file() == real_path) return &p;
    return nullptr;
}

bool PluginRegistry::names_file(std::string_view spec) {
    return spec.find('/') != std::string_view::npos || spec.find('.') != std::string_view::npos;
}

std::optional<Plugin> PluginRegistry::resolve(const std::string& spec, std::string& error) {
    if (!names_file(spec)) {
        if (const Plugin* p = find(spec)) return *p;
        const auto files = clash(spec);
        error = files.empty() ? "unknown plugin '" + spec + "'" : clash_message(spec, files);
        return std::nullopt;
    }
    std::error_code ec;
    const std::string real = fs::canonical(spec, ec).string();
    if (!ec)
        if (const Plugin* p = loaded_from(real)) return *p;
    const std::size_t skipped_before = skipped_.size();
    add_file(spec);
    if (!ec)
        if (const Plugin* p = loaded_from(real)) return *p;
    error = skipped_.size() > skipped_before ? spec + ": " + skipped_.back().reason
                                             : spec + ": did not load";
    return std::nullopt;
}

std::optional<std::vector<Plugin>> PluginRegistry::select(const std::vector<std::string>& specs,
                                                          std::string& error) {
    std::vector<Plugin> chosen;
    if (specs.empty()) {
        for (const Plugin& p : loaded_) {
            if (p.external()) continue;
            if (const auto files = clash(p.name()); !files.empty()) {  // a command-line solver's too
                error = clash_message(p.name(), files);
                return std::nullopt;
            }
            const Plugin* first = find(p.name());  // of copies with the same bytes, the first
            if (first != nullptr && first->file() == p.file()) chosen.push_back(p);
        }
    } else {
        for (const auto& spec : specs) {
            auto p = resolve(spec, error);
            if (!p) return std::nullopt;
            chosen.push_back(std::move(*p));
        }
    }
    // Two of one name cannot both be chosen: rows, reports and the worker's
    // answers are keyed by name.
    for (std::size_t i = 0; i < chosen.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (chosen[i].name() == chosen[j].name() && chosen[i].sha256() != chosen[j].sha256()) {
                error = clash_message(chosen[i].name(), {chosen[j].file(), chosen[i].file()});
                return std::nullopt;
            }
    return chosen;
}

void PluginRegistry::add_directory(const std::string& dir, bool report_missing) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        if (report_missing) skipped_.push_back({dir, "no such directory"});
        return;
    }
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if ((entry.path().extension() == ".so" || is_solver_description(entry.path().string())) &&
            entry.is_regular_file(ec))
            files.push_back(entry.path().string());
    if (ec) {
        skipped_.push_back({dir, "cannot read directory: " + ec.message()});
        return;
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) add_file(f);
}

namespace {

// Boost.DLL reports a failed load as a bare errno ("Bad file descriptor");
// the dynamic loader's own words ("undefined symbol: foo") are what a plugin
// author needs, so ask it again and keep what dlerror() says. `path` is the
// checked absolute one: dlopen never searches for it.
std::string loader_message(const std::string& path, const std::error_code& ec) {
    dlerror();
    if (void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        dlclose(handle);
        return ec.message();
    }
    const char* text = dlerror();
    return text != nullptr ? std::string(text) : ec.message();
}

}  // namespace

void PluginRegistry::add_file(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        skipped_.push_back({path, "no such file"});
        return;
    }
    const fs::path real = fs::canonical(path, ec);
    if (ec) {
        skipped_.push_back({path, "cannot resolve the path: " + ec.message()});
        return;
    }
    if (!allow_insecure_) {
        std::error_code link_ec;
        if (auto why = insecurity(real, fs::is_symlink(path, link_ec)); !why.empty()) {
            skipped_.push_back({path, why});
            return;
        }
    }
    if (loaded_from(real.string()) != nullptr) return;  // the same file by another route: loaded once
    if (is_solver_description(path)) return add_external(path, real.string());
    add_library(path, real.string());
}

void PluginRegistry::add_library(const std::string& path, const std::string& real_path) {
    auto library = std::make_shared<boost::dll::shared_library>();
    std::error_code ec;
    library->load(real_path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
    if (ec || !library->is_loaded()) {
        skipped_.push_back({path, "not a loadable shared library (" + loader_message(real_path, ec) + ")"});
        return;
    }
    if (!library->has(NP_ENTRY_SYMBOL)) {
        skipped_.push_back({path, std::string("no entry symbol ") + NP_ENTRY_SYMBOL});
        return;
    }
    const np_plugin* descriptor = nullptr;
    try {
        descriptor = library->get<const np_plugin*()>(NP_ENTRY_SYMBOL)();
    } catch (const std::exception& e) {
        skipped_.push_back({path, std::string("entry function failed: ") + e.what()});
        return;
    }
    add_checked(path, real_path, std::static_pointer_cast<void>(library), descriptor);
}

void PluginRegistry::add_external(const std::string& path, const std::string& real_path) {
    std::string error;
    auto solver = ExternalPlugin::load(path, allow_insecure_, error);
    if (!solver) {
        skipped_.push_back({path, error});
        return;
    }
    const ExternalPlugin* raw = solver.get();
    add_checked(path, real_path, std::static_pointer_cast<void>(solver), &solver->descriptor(),
                [raw] { return raw->create(); }, raw->program());
}

// The host's own copy of a checked descriptor: only the members the
// plugin's struct_size covers (version 2: the members it had), the rest
// zero, so that nothing past the plugin's struct is ever read. It lives as
// long as the library it points into.
struct OwnDescriptor {
    std::shared_ptr<void> owner;  // the library, or a command-line solver
    np_plugin copy{};
    OwnDescriptor(std::shared_ptr<void> from, const np_plugin& d) : owner(std::move(from)) {
        const std::size_t size = d.abi_version == 2 ? abi_v2::kDescriptorSize
                                                    : std::min<std::size_t>(d.struct_size, sizeof copy);
        std::memcpy(static_cast<void*>(&copy), &d, size);
        copy.struct_size = static_cast<uint32_t>(size);
    }
};

// The last gate for both kinds: the descriptor bounded and sane, the file's
// digest taken (what reports record; taken after loading, so it is of the
// file as it was when its code came in). Two files of one name both load
// (rebuild_reachable keeps that name from reaching either).
void PluginRegistry::add_checked(const std::string& path, const std::string& real_path, std::shared_ptr<void> owner,
                                 const np_plugin* descriptor, std::function<void*()> create,
                                 const std::string& program) {
    if (auto problem = descriptor_problem(descriptor); !problem.empty()) {
        skipped_.push_back({path, problem});
        return;
    }
    std::string unreadable;
    auto digest = sha256_file(real_path, unreadable);
    if (!digest) {
        skipped_.push_back({path, "cannot take its SHA-256: " + unreadable});
        return;
    }
    auto own = std::make_shared<OwnDescriptor>(std::move(owner), *descriptor);
    const np_plugin* copy = &own->copy;
    Plugin plugin(std::static_pointer_cast<void>(own), copy, path, std::move(create));
    plugin.file_ = real_path;
    plugin.sha256_ = std::move(*digest);
    plugin.program_ = program;
    loaded_.push_back(std::move(plugin));
    rebuild_reachable();
}

void PluginRegistry::rebuild_reachable() {
    plugins_.clear();
    std::set<std::string> names;
    for (const Plugin& p : loaded_)
        if (clash(p.name()).empty() && names.insert(p.name()).second) plugins_.push_back(p);
}

std::string PluginRegistry::bundled_plugin_dir() {
    std::error_code ec;
    fs::path exe = boost::dll::program_location(ec);
    if (ec) return {};
    return (exe.parent_path().parent_path() / "lib" / "numplace" / "plugins").lexically_normal().string();
}

void PluginRegistry::add_standard_search_path(const std::vector<std::string>& explicit_dirs) {
    std::error_code ec;
    for (const auto& dir : explicit_dirs) {  // asked for: a relative one (even ".") is meant
        if (fs::is_regular_file(dir, ec)) add_file(dir);
        else add_directory(dir, true);
    }
    if (const char* env = std::getenv("NUMPLACE_PLUGIN_PATH")) {
        std::stringstream list(env);
        std::string dir;
        while (std::getline(list, dir, ':')) {
            if (dir.empty()) continue;
            // The environment is inherited, not asked for on this command
            // line: a relative entry would load whatever sits in the current
            // directory of the moment.
            if (fs::path(dir).is_relative())
                skipped_.push_back({dir, "relative entry in $NUMPLACE_PLUGIN_PATH refused: it would load plugins "
                                         "from wherever the current directory is (give an absolute path, or "
                                         "--plugin-dir)"});
            else add_directory(dir, true);
        }
    }
    if (auto bundled = bundled_plugin_dir(); !bundled.empty()) add_directory(bundled, false);
}

}  // namespace np
