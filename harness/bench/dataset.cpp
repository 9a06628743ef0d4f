// Reading a dataset file for numplace bench.
#include <filesystem>

#include "bench/bench.hpp"
#include "corpus/corpus.hpp"
#include "numplace/input.hpp"

namespace np::bench {

namespace {

// A corpus file (YAML): its puzzle entries that parse, variants included, so
// that the corpus's own puzzles can be timed without exporting them first.
// --size filters the entries, as it does in verify.
std::optional<Dataset> read_corpus(Dataset d, std::optional<Geometry> size, std::string& error) {
    const auto loaded = corpus::load({d.path});
    if (!loaded.ok()) {
        error = loaded.errors.front().text();
        return std::nullopt;
    }
    for (const corpus::PuzzleEntry& e : loaded.corpus.puzzles) {
        const Grid* grid = std::get_if<Grid>(&e.puzzle);
        if (grid == nullptr || (size && grid->geometry != *size)) continue;
        d.puzzles.push_back(*grid);
        d.origins.push_back(e.where.text() + " (" + e.id + ")");
    }
    return d;
}

}  // namespace

std::optional<Dataset> read_dataset(const std::string& path, std::optional<Geometry> size, std::string& error) {
    Dataset d;
    d.path = path;
    const std::filesystem::path p(path);
    d.name = p.stem().string();
    if (p.extension() == ".yaml" || p.extension() == ".yml") return read_corpus(std::move(d), size, error);
    // A TSV's first line names its columns; its puzzles are the first column
    // (the splitter takes a line's first field). The header is dropped here.
    const bool tsv = p.extension() == ".tsv";
    auto take = [&](InputItem&& item) {
        if (tsv && item.origin == path + ":1") return true;
        ParseResult parsed = parse_item(item, size);
        if (const Reason* why = std::get_if<Reason>(&parsed)) {
            d.errors.push_back(item.origin + ": not a puzzle: " + why->message);
            return true;
        }
        d.puzzles.push_back(std::move(std::get<Grid>(parsed)));
        d.origins.push_back(item.origin);
        return true;
    };
    std::string why;
    read_file_items(path, InputFormat::automatic, size, take, why);
    if (!why.empty()) {
        error = path + ": cannot read (" + why + ")";
        return std::nullopt;
    }
    return d;
}

}  // namespace np::bench
