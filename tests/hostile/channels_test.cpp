// docs/reliability.md's table of channels (issue 40) names, for every way a
// plugin's bytes reach numplace, the one place where they become trusted
// data. This keeps the table true as the code moves: every file it names
// exists, and every function it names is defined in the sources.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(NUMPLACE_TEST_SOURCE_DIR) / "..";

std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The table's rows: the run of lines starting with '|' after its heading.
std::vector<std::string> channel_rows() {
    std::istringstream doc(read(kRoot / "docs/reliability.md"));
    std::vector<std::string> rows;
    bool in_section = false;
    for (std::string line; std::getline(doc, line);) {
        if (line.rfind("### Channels", 0) == 0) in_section = true;
        else if (in_section && line.rfind("|", 0) == 0) rows.push_back(line);
        else if (in_section && !rows.empty()) break;  // the table ends at its first other line
    }
    if (rows.size() >= 2) rows.erase(rows.begin(), rows.begin() + 2);  // the header and its rule
    return rows;
}

// Every .cpp and .hpp of the framework and the harness, as one text.
const std::string& sources() {
    static const std::string all = [] {
        std::string text;
        for (const char* dir : {"framework", "harness"})
            for (const auto& entry : fs::recursive_directory_iterator(kRoot / dir))
                if (entry.path().extension() == ".cpp" || entry.path().extension() == ".hpp") text += read(entry.path());
        return text;
    }();
    return all;
}

TEST(ChannelsTable, EveryPlaceItNamesExists) {
    const auto rows = channel_rows();
    ASSERT_GE(rows.size(), 10u) << "the table of channels is missing";
    const std::regex quoted("`([^`]+)`");
    for (const std::string& row : rows) {
        const std::string place = row.substr(row.rfind('|', row.size() - 2));
        std::size_t named = 0;
        for (auto it = std::sregex_iterator(place.begin(), place.end(), quoted); it != std::sregex_iterator(); ++it) {
            const std::string word = (*it)[1];
            ++named;
            if (word.find('/') != std::string::npos) {
                EXPECT_TRUE(fs::exists(kRoot / word)) << word << " in: " << row;
                continue;
            }
            const std::string function = word.substr(word.rfind(':') == std::string::npos ? 0 : word.rfind(':') + 1);
            EXPECT_NE(sources().find(function + "("), std::string::npos) << word << " in: " << row;
        }
        EXPECT_GT(named, 0u) << "a channel without its place: " << row;
    }
}

}  // namespace
