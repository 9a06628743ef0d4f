// bench's screen table (harness/bench/output.cpp, to_table): every column
// lines up whatever a row holds. Issue 41: the baseline row's CPU cell
// "0.0386 (0.738x wall)" pushed its figure away from the others'; the share
// now has a column of its own (CPU/wall), and figures are right-aligned in
// every column, the last one too.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bench/bench.hpp"

namespace {

using np::bench::Report;
using np::bench::Row;

Row measured(const std::string& plugin, double rate, double cpu, double wall, double ratio) {
    Row r;
    r.plugin = plugin;
    r.dataset = "top95";
    r.status = Row::Status::measured;
    r.dataset_size = r.timed = 95;
    r.rate = rate;
    r.mean_us = 1e6 / rate;
    r.median_us = r.mean_us;
    r.p99_us = 3 * r.mean_us;
    r.nodes = 12.5;
    r.guesses = 1.5;
    r.peak_mib = 1.62;
    r.cpu_seconds = cpu;
    r.wall_seconds = wall;
    r.ratio = ratio;
    return r;
}

// The table with the baseline's CPU at 0.738 of its wall time, the other
// rows' within 10 % of theirs.
Report report() {
    Report r;
    r.settings.baseline = "bitmask-mrv";
    r.rows = {measured("bitmask-mrv", 95000, 0.0386, 0.0523, 1.0), measured("backtrack", 31.2, 7.86, 7.9, 0.00033),
              measured("exhaustive-count", 70600, 0.156, 0.16, 0.74)};
    return r;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Display width of a prefix: UTF-8 continuation bytes take no column (the
// headers hold "µs").
std::size_t columns(const std::string& s, std::size_t bytes) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < bytes && i < s.size(); ++i) w += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
    return w;
}

// The column where `cell` ends on `line` (its last character's column + 1).
std::size_t end_of(const std::string& line, const std::string& cell) {
    const auto at = line.find(cell);
    EXPECT_NE(at, std::string::npos) << "no [" << cell << "] in [" << line << "]";
    return at == std::string::npos ? 0 : columns(line, at + cell.size());
}

TEST(BenchTable, TheCpuShareHasAColumnOfItsOwnAndTheFiguresLineUp) {
    const auto lines = lines_of(np::bench::to_table(report()));
    ASSERT_EQ(lines.size(), 4u) << np::bench::to_table(report());
    const std::string& head = lines[0];
    // The baseline's share is in its own column, without the words.
    EXPECT_NE(head.find("CPU/wall"), std::string::npos) << head;
    EXPECT_EQ(lines[1].find("wall)"), std::string::npos) << lines[1];
    // Each CPU figure, each share and each ratio ends where its header does.
    const std::size_t cpu = end_of(head, "CPU s"), share = end_of(head, "CPU/wall"),
                      ratio = end_of(head, "vs bitmask-mrv");
    EXPECT_EQ(end_of(lines[1], "0.0386"), cpu) << lines[1];
    EXPECT_EQ(end_of(lines[2], "7.86"), cpu) << lines[2];
    EXPECT_EQ(end_of(lines[3], "0.156"), cpu) << lines[3];
    EXPECT_EQ(end_of(lines[1], "0.738x"), share) << lines[1];
    EXPECT_EQ(end_of(lines[1], "1.00x"), ratio) << lines[1];
    EXPECT_EQ(end_of(lines[2], "0.00033x"), ratio) << lines[2];
    EXPECT_EQ(end_of(lines[3], "0.74x"), ratio) << lines[3];
    // Every line is as wide as the header, and none ends in a space.
    for (const auto& line : lines) {
        EXPECT_EQ(columns(line, line.size()), columns(head, head.size())) << line;
        EXPECT_NE(line.back(), ' ') << line;
    }
}

TEST(BenchTable, NoShareColumnWhenEveryRowRanNearOneCore) {
    Report r = report();
    r.rows[0].wall_seconds = 0.04;  // 0.965 of its wall time: within 10 %
    const auto lines = lines_of(np::bench::to_table(r));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0].find("CPU/wall"), std::string::npos) << lines[0];
    EXPECT_EQ(end_of(lines[1], "0.0386"), end_of(lines[0], "CPU s")) << lines[1];
}

}  // namespace
