// Loading corpus files (corpus.hpp): files and directories read, each file
// checked entry by entry by a FileChecker (checker.hpp), and the public
// types' small functions.
#include "corpus/corpus.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "corpus/checker.hpp"
#include "corpus/yaml_reader.hpp"

namespace np::corpus {

namespace {

namespace fs = std::filesystem;
using detail::Node;
using detail::FileChecker;
using detail::IdTable;
using detail::locations;
using detail::trim;

// Reads one file into the corpus, entry by entry; its diagnostics come in
// order of place.
template <typename Yaml>
void load_one(Yaml&& yaml, const std::string& name, Corpus& corpus, IdTable& ids,
              std::vector<Diagnostic>& errors) {
    const std::size_t first = errors.size();
    ++corpus.files;
    FileChecker checker(name, corpus, ids, errors);
    detail::read_sequence(
        yaml, [&](const Node& item) { checker.entry(item); },
        [&](detail::ReadError e) { checker.error(e.line, e.column, std::move(e.message)); });
    std::stable_sort(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                         return std::pair{a.where.line, a.where.column} <
                                std::pair{b.where.line, b.where.column};
                     });
}

bool corpus_file_name(const fs::path& p) {
    const auto ext = p.extension().string();
    return ext == ".yaml" || ext == ".yml";
}

}  // namespace

// ---------------------------------------------------------------- public

std::string Location::text() const {
    if (line <= 0) return file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string Diagnostic::text() const { return where.text() + ": " + message; }

bool ExpectedReason::matches(const Reason& actual) const {
    return code == actual.code && (row == 0 || row == actual.row) &&
           (column == 0 || column == actual.column) && (box == 0 || box == actual.box) &&
           (value == 0 || value == actual.value);
}

std::string ExpectedReason::describe() const {
    return std::string(reason_code_name(code)) + locations(row, column, box, value);
}

ParseResult parse_text(std::string_view text, const Geometry& size) {
    if (trim(text).find('\n') != std::string_view::npos) return parse_grid(text, size);
    return parse_line(text, size);
}

LoadResult load_text(std::string_view yaml, const std::string& name) {
    LoadResult result;
    IdTable ids;
    load_one(yaml, name, result.corpus, ids, result.errors);
    return result;
}

LoadResult load(const std::vector<std::string>& paths) {
    LoadResult result;
    IdTable ids;
    std::set<fs::path> done;
    auto path_error = [&](const std::string& path, std::string message) {
        result.errors.push_back({Location{path, 0, 0}, std::move(message)});
    };
    auto load_file = [&](const fs::path& path) {
        std::error_code ec;
        fs::path key = fs::weakly_canonical(path, ec);
        if (ec) key = path;
        if (!done.insert(key).second) return;
        std::ifstream in(path, std::ios::binary);
        if (!in.is_open()) {
            path_error(path.string(), std::string("cannot read this file (") + std::strerror(errno) + ")");
            return;
        }
        load_one(in, path.string(), result.corpus, ids, result.errors);
        if (in.bad()) path_error(path.string(), "a read error: the file is not read to its end");
    };
    for (const auto& path : paths) {
        std::error_code ec;
        const auto status = fs::status(path, ec);
        if (ec || !fs::exists(status)) {
            path_error(path, "no such file or directory");
            continue;
        }
        if (!fs::is_directory(status)) {
            load_file(path);
            continue;
        }
        std::vector<fs::path> files;
        for (const auto& item : fs::directory_iterator(path, ec))
            if (item.is_regular_file() && corpus_file_name(item.path())) files.push_back(item.path());
        if (ec) {
            path_error(path, "cannot read this directory: " + ec.message());
            continue;
        }
        if (files.empty()) {
            path_error(path, "no corpus files (*.yaml or *.yml) in this directory");
            continue;
        }
        std::sort(files.begin(), files.end());
        for (const auto& file : files) load_file(file);
    }
    return result;
}

std::string bundled_path() {
    // The running program, as the kernel knows it (what Boost.DLL's
    // program_location reads on Linux); this library does without Boost.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "";
    return (exe.parent_path().parent_path() / "share" / "numplace" / "corpus").lexically_normal().string();
}

}  // namespace np::corpus
