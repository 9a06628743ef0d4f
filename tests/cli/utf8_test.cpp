// JSON output stays valid JSON whatever bytes reach it: the puzzle, the
// input's name, a plugin's message, counter names, descriptions and paths.
// Bytes that are not UTF-8 become U+FFFD and the row says which fields.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "numplace/random.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;
namespace fs = std::filesystem;

std::string random_bytes(np::Rng& rng, std::size_t n, bool allow_newline) {
    std::string s;
    while (s.size() < n) {
        const char c = static_cast<char>(rng.below(256));
        if (c == '\0' || (!allow_newline && (c == '\n' || c == '\r'))) continue;
        s += c;
    }
    return s;
}

// Every line of stdout parses as JSON (nlohmann's parser refuses invalid
// UTF-8), and every string in it is valid UTF-8.
::testing::AssertionResult all_rows_parse(const std::string& out) {
    std::size_t start = 0, rows = 0;
    while (start < out.size()) {
        const auto end = out.find('\n', start);
        const std::string line = out.substr(start, end - start);
        start = end == std::string::npos ? out.size() : end + 1;
        try {
            const json row = json::parse(line);
            if (!row.is_object()) return ::testing::AssertionFailure() << "row " << rows << " is not an object";
        } catch (const std::exception& e) {
            return ::testing::AssertionFailure() << "row " << rows << " is not JSON: " << e.what();
        }
        ++rows;
    }
    return ::testing::AssertionSuccess() << rows << " rows";
}

TEST(Utf8, OneBadByteOnStdin) {
    auto run = run_cli({"solve", "--plugin", "backtrack", "--format", "json"}, "\xff\n");
    EXPECT_EQ(run.exit_code, 1);
    json j = json::parse(run.out);
    EXPECT_EQ(j["puzzle"], "\xEF\xBF\xBD");
    EXPECT_EQ(j["not_utf8"], json::array({"puzzle"}));
    EXPECT_EQ(j["error"]["message"], "bad character byte 0xFF at position 1");
}

TEST(Utf8, RandomInputThroughSolveAndCheck) {
    np::Rng rng(20261130);
    for (int round = 0; round < 5; ++round) {
        const std::string input = random_bytes(rng, 20'000, true);
        for (std::string command : {"solve", "check"}) {
            std::vector<std::string> args = {command, "--format", "json"};
            if (command == "solve") args.insert(args.end(), {"--plugin", "bitmask-mrv"});
            auto run = run_cli(args, input);
            EXPECT_EQ(run.exit_code, 1) << command;
            EXPECT_TRUE(all_rows_parse(run.out)) << command << " round " << round;
            // One summary line on stderr, however many rows were bad.
            EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        }
    }
}

TEST(Utf8, RandomArgumentsPluginMessagesAndFileNames) {
    np::Rng rng(7);
    const fs::path dir = fs::temp_directory_path() / "numplace-utf8-test";
    fs::create_directories(dir);
    for (int round = 0; round < 20; ++round) {
        // Not starting with '-': that would be a flag, a usage error.
        std::string noise = "x";
        noise += random_bytes(rng, rng.below(40), false);
        // A Latin-1 file name holding one good puzzle.
        std::string name = "puzzles-" + std::to_string(round) + "-\xe9";
        for (char c : random_bytes(rng, 5, false))
            if (c != '/') name += c;
        const fs::path file = dir / name;
        std::ofstream(file) << std::string(16, '.') << "\n";
        auto run = run_cli({"solve", "--plugin-dir", np::test::liar_dir(), "--plugin", "fixture-liar", "--format",
                            "json", "--option", "say=" + noise, file.string(), noise});
        EXPECT_TRUE(all_rows_parse(run.out)) << "round " << round;
        json first = json::parse(run.out.substr(0, run.out.find('\n')));
        // The file name (the user's bytes) was replaced as the row was
        // written, and the row says so; the plugin's message and its Latin-1
        // counter name were made plain text when they came in (np::plain_text,
        // the one intake of plugin text), so they reach the row already valid.
        const auto replaced = first["not_utf8"];
        EXPECT_NE(std::find(replaced.begin(), replaced.end(), "input"), replaced.end()) << first;
        EXPECT_TRUE(first["stats"].contains("r\xEF\xBF\xBDsultats")) << first;
        const std::string message = first.value("message", "");
        EXPECT_EQ(message.find('\x1b'), std::string::npos) << first;
        EXPECT_EQ(message.find('\n'), std::string::npos) << first;
        fs::remove(file);
    }
    fs::remove_all(dir);
}

TEST(Utf8, PluginsJsonWithLatin1DescriptionAndPath) {
    const fs::path dir = fs::temp_directory_path() / "numplace-utf8-\xe9-plugins";
    fs::create_directories(dir);
    fs::copy_file(np::test::liar_dir() + "/fixture_liar.so", dir / "fixture_liar.so",
                  fs::copy_options::overwrite_existing);
    auto run = run_cli({"plugins", "--plugin-dir", dir.string(), "--format", "json"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    json j = json::parse(run.out);
    const auto replaced = j["not_utf8"];
    EXPECT_NE(std::find(replaced.begin(), replaced.end(), "plugins.description"), replaced.end()) << j["not_utf8"];
    EXPECT_NE(std::find(replaced.begin(), replaced.end(), "plugins.path"), replaced.end()) << j["not_utf8"];
    fs::remove_all(dir);
}

}  // namespace
