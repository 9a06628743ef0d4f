// Reading a dataset file for numplace bench.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench.hpp"
#include "numplace/input.hpp"

namespace np::bench {

std::optional<Dataset> read_dataset(const std::string& path, std::optional<Geometry> size, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path)) {
        error = path + ": cannot read";
        return std::nullopt;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    Dataset d;
    d.path = path;
    const std::filesystem::path p(path);
    d.name = p.stem().string();
    // A TSV's first line names its columns; its puzzles are the first column
    // (split_input takes a line's first field). The header line is blanked,
    // not removed, so that line numbers stay the file's.
    if (p.extension() == ".tsv") {
        const std::size_t end = text.find('\n');
        text.replace(0, end == std::string::npos ? text.size() : end, "");
    }
    for (const InputItem& item : split_input(text, path, InputFormat::automatic, size)) {
        ParseResult parsed = parse_puzzle(item.text, item.format, size);
        if (const Reason* why = std::get_if<Reason>(&parsed)) {
            d.errors.push_back(item.origin + ": not a puzzle: " + why->message);
            continue;
        }
        d.puzzles.push_back(std::move(std::get<Grid>(parsed)));
        d.origins.push_back(item.origin);
    }
    return d;
}

}  // namespace np::bench
