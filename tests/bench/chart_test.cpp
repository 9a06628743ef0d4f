// The bench chart (harness/report/chart.hpp): well-formed SVG, one bar per
// figure with heights on a log scale, every label escaped, a visible stub for
// a missing figure, "no figures" for nothing to plot, and the same bytes for
// the same data. The picture itself is checked by eye (rsvg-convert); these
// tests pin down what can be asserted without rendering.
#include <gtest/gtest.h>

#include <clocale>
#include <cmath>
#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "report/chart.hpp"

namespace {

using np::report::ChartData;
using np::report::svg_chart;

// The shape `numplace bench --chart` produces: six datasets, four plugins,
// rates from 0.5 to 500k, one missing.
ChartData sample() {
    ChartData d;
    d.title = "numplace bench: puzzles per second";
    d.subtitle = "--limit 1000";
    d.groups = {"17clue", "top1465", "forum_hardest_1905_11plus", "exchange_diabolical", "serg_benchmark",
                "kaggle_1m_first1000"};
    d.series = {"backtrack", "naive-dom", "bitmask-mrv", "exhaustive-count"};
    d.values = {{2345, 15800, 151234, 870}, {41, 320, 48000, 12},       {0.5, 3.2, 9100, std::nullopt},
                {87, 950, 62000, 31},       {1200, 8800, 210000, 400}, {30500, 99000, 500000, 6800}};
    return d;
}

std::size_t count(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
    return n;
}

bool known_entity(const std::string& svg, std::size_t at) {
    for (const char* entity : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
        if (svg.compare(at, std::char_traits<char>::length(entity), entity) == 0) return true;
    return false;
}

// Well formed in the sense that matters here: one root element, every tag
// closed in order, attribute quotes paired, every '&' a known entity. An
// unescaped '<' or '&' in a label breaks one of these.
::testing::AssertionResult well_formed(const std::string& svg) {
    std::vector<std::string> open;
    int roots = 0;
    for (std::size_t i = 0; i < svg.size(); ++i) {
        if (svg[i] == '&' && !known_entity(svg, i))
            return ::testing::AssertionFailure() << "bare & at " << i << ": " << svg.substr(i, 20);
        if (svg[i] != '<') continue;
        const auto end = svg.find('>', i);
        if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed tag at " << i;
        const std::string tag = svg.substr(i + 1, end - i - 1);
        i = end;
        if (tag.starts_with('?')) {
            if (!tag.ends_with('?') || roots > 0) return ::testing::AssertionFailure() << "bad <" << tag << ">";
            continue;
        }
        if (count(tag, "\"") % 2 != 0) return ::testing::AssertionFailure() << "unpaired quote in <" << tag << ">";
        if (tag.starts_with('/')) {
            if (open.empty() || open.back() != tag.substr(1))
                return ::testing::AssertionFailure() << "</" << tag.substr(1) << "> closes nothing open";
            open.pop_back();
            continue;
        }
        const std::string name = tag.substr(0, tag.find_first_of(" /"));
        if (name.empty()) return ::testing::AssertionFailure() << "nameless tag at " << i;
        if (open.empty()) ++roots;
        if (!tag.ends_with('/')) open.push_back(name);
    }
    if (!open.empty()) return ::testing::AssertionFailure() << "<" << open.back() << "> never closed";
    if (roots != 1) return ::testing::AssertionFailure() << roots << " root elements";
    return ::testing::AssertionSuccess();
}

struct Box {
    double x, y, width, height;
    std::string fill;
};

// The <rect class="KIND"> elements, in document order.
std::vector<Box> rects(const std::string& svg, const std::string& kind) {
    const std::regex pattern("<rect class=\"" + kind +
                             "\" x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" width=\"([-0-9.]+)\" height=\"([-0-9.]+)\" "
                             "fill=\"([^\"]+)\"");
    std::vector<Box> out;
    for (std::sregex_iterator it(svg.begin(), svg.end(), pattern), end; it != end; ++it)
        out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), (*it)[5]});
    return out;
}

std::vector<std::string> texts(const std::string& svg) {
    const std::regex pattern("<text[^>]*>([^<]*)</text>");
    std::vector<std::string> out;
    for (std::sregex_iterator it(svg.begin(), svg.end(), pattern), end; it != end; ++it) out.push_back((*it)[1]);
    return out;
}

double svg_width(const std::string& svg) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(svg, m, std::regex("<svg [^>]*width=\"([0-9.]+)\"")));
    return m.empty() ? 0 : std::stod(m[1]);
}

// One series, one group per value.
ChartData column(const std::vector<std::optional<double>>& values) {
    ChartData d;
    d.title = "column";
    d.series = {"only"};
    for (std::size_t i = 0; i < values.size(); ++i) {
        d.groups.push_back(std::string("g").append(std::to_string(i)));
        d.values.push_back({values[i]});
    }
    return d;
}

TEST(Chart, SampleIsSelfContainedWellFormedSvg) {
    const std::string svg = svg_chart(sample());
    EXPECT_TRUE(well_formed(svg)) << svg;
    EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""), std::string::npos);
    EXPECT_NE(svg.find("font-family=\"sans-serif\""), std::string::npos);
    EXPECT_TRUE(std::regex_search(svg, std::regex("<svg [^>]*width=\"[0-9]+\" height=\"[0-9]+\" viewBox=\"0 0 [0-9]+ [0-9]+\"")));
    EXPECT_EQ(count(svg, "http"), 1u) << "only the namespace may name a URL";
    EXPECT_EQ(count(svg, "href"), 0u);
    EXPECT_TRUE(svg.ends_with("</svg>\n"));
}

TEST(Chart, OneBarPerFigureInSeriesOrderAndColour) {
    const ChartData d = sample();
    const auto bars = rects(svg_chart(d), "bar");
    ASSERT_EQ(bars.size(), 23u);  // 6 x 4, one missing
    EXPECT_EQ(bars[0].fill, bars[4].fill) << "a series keeps its colour across groups";
    for (std::size_t s = 1; s < 4; ++s) {
        EXPECT_NE(bars[s].fill, bars[s - 1].fill) << "each series its own colour";
        EXPECT_GT(bars[s].x, bars[s - 1].x) << "series left to right within a group";
    }
    for (const auto& bar : bars) EXPECT_NEAR(bar.y + bar.height, bars[0].y + bars[0].height, 0.11) << "one baseline";
}

TEST(Chart, BarHeightsFollowALogScale) {
    const auto bars = rects(svg_chart(column({10, 100, 1000, 1})), "bar");
    ASSERT_EQ(bars.size(), 4u);
    const double h10 = bars[0].height, h100 = bars[1].height, h1000 = bars[2].height, h1 = bars[3].height;
    EXPECT_GT(h1, 0);
    EXPECT_LT(h1, h10);
    EXPECT_LT(h10, h100);
    EXPECT_LT(h100, h1000);
    EXPECT_NEAR(h100 - h10, h1000 - h100, 1.0) << "each decade the same height";
    EXPECT_NEAR(h10 - h1, h100 - h10, 1.0);
}

TEST(Chart, FiguresAndTicksAreWrittenShort) {
    const auto labels = texts(svg_chart(column({151234, 2345, 87, 0.5, 1e6})));
    for (const char* want : {"151k", "2.3k", "87", "0.5", "1M", "0.1", "1", "10", "100", "1k", "10k", "100k", "10M"})
        EXPECT_NE(std::find(labels.begin(), labels.end(), want), labels.end()) << want;
}

TEST(Chart, EveryLabelIsEscaped) {
    ChartData d;
    d.title = "Fast & <furious>";
    d.subtitle = "it's \"quoted\"";
    d.unit = "p&s";
    d.series = {"a&b", "<x>"};
    d.groups = {"g&1", "<g2>"};
    d.values = {{1, 2}, {3, 4}};
    const std::string svg = svg_chart(d);
    EXPECT_TRUE(well_formed(svg)) << svg;
    for (const char* want : {"Fast &amp; &lt;furious&gt;", "it&apos;s &quot;quoted&quot;", ">p&amp;s<", ">a&amp;b<",
                             ">&lt;x&gt;<", ">g&amp;1<", ">&lt;g2&gt;<"})
        EXPECT_NE(svg.find(want), std::string::npos) << want;
    for (const char* raw : {"<furious>", "a&b", "<x>", "g&1", "<g2>", "p&s"})
        EXPECT_EQ(svg.find(raw), std::string::npos) << raw;
}

TEST(Chart, BytesXmlCannotCarryAreReplaced) {
    ChartData d = column({5});
    d.title = std::string("bad\x01 byte \xff and cut \xe2\x82");
    d.groups = {"caf\xc3\xa9"};  // valid UTF-8 passes through
    const std::string svg = svg_chart(d);
    EXPECT_TRUE(well_formed(svg));
    EXPECT_EQ(svg.find('\x01'), std::string::npos);
    EXPECT_EQ(svg.find('\xff'), std::string::npos);
    EXPECT_NE(svg.find("bad\xEF\xBF\xBD byte"), std::string::npos);
    EXPECT_NE(svg.find(">caf\xc3\xa9<"), std::string::npos);
}

TEST(Chart, MissingFiguresGetAnNaStub) {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
    ChartData d;
    d.title = "gaps";
    d.groups = {"full", "ragged"};
    d.series = {"a", "b", "c", "d", "e", "f"};
    d.values = {{5, std::nullopt, nan, 0, -3, inf}, {7, 8}};  // the second row stops short
    const std::string svg = svg_chart(d);
    EXPECT_TRUE(well_formed(svg));
    EXPECT_EQ(rects(svg, "bar").size(), 3u);
    const auto stubs = rects(svg, "na");
    EXPECT_EQ(stubs.size(), 9u);
    EXPECT_EQ(count(svg, ">n/a<"), 9u);
    for (const auto& stub : stubs) EXPECT_GT(stub.height, 0);
}

TEST(Chart, NothingToPlotSaysNoFigures) {
    ChartData no_groups = sample(), no_series = sample(), no_values = sample();
    no_groups.groups.clear();
    no_series.series.clear();
    no_values.values.clear();
    const ChartData all_missing = column({std::nullopt, 0.0, -1.0});
    for (const ChartData& d : {no_groups, no_series, no_values, all_missing, ChartData{}}) {
        const std::string svg = svg_chart(d);
        EXPECT_TRUE(well_formed(svg)) << svg;
        EXPECT_NE(svg.find(">no figures<"), std::string::npos) << svg;
        EXPECT_TRUE(rects(svg, "bar").empty());
        EXPECT_TRUE(std::regex_search(svg, std::regex("<svg [^>]*width=\"[0-9]+\" height=\"[0-9]+\" viewBox=")));
    }
    EXPECT_NE(svg_chart(no_groups).find(">numplace bench: puzzles per second<"), std::string::npos);
}

TEST(Chart, LongGroupNamesAreWrappedNotCut) {
    const std::string name = "forum_hardest_1905_11plus_and_a_good_deal_more";
    ChartData d = column({10, 20});
    d.groups[0] = name;
    const auto labels = texts(svg_chart(d));
    // The lines of the name are consecutive <text>s, the first one a prefix.
    auto it = std::find_if(labels.begin(), labels.end(),
                           [&](const std::string& t) { return t.size() < name.size() && name.starts_with(t); });
    ASSERT_NE(it, labels.end()) << "no first line of the name";
    std::string joined;
    std::size_t lines = 0;
    for (; it != labels.end() && joined.size() < name.size(); ++it, ++lines) joined += *it;
    EXPECT_EQ(joined, name);
    EXPECT_GE(lines, 2u);
}

TEST(Chart, MoreGroupsOrSeriesMakeAWiderChart) {
    ChartData small = sample(), more_groups = sample(), more_series = sample();
    small.groups.resize(2);
    more_series.series.push_back("one-more");
    more_series.series.push_back("and-another");
    EXPECT_LT(svg_width(svg_chart(small)), svg_width(svg_chart(more_groups)));
    EXPECT_LT(svg_width(svg_chart(more_groups)), svg_width(svg_chart(more_series)));
}

TEST(Chart, SameDataSameBytesInAnyLocale) {
    const std::string first = svg_chart(sample());
    EXPECT_EQ(svg_chart(sample()), first);
    const std::string saved = std::setlocale(LC_ALL, nullptr);
    for (const char* locale : {"de_DE.UTF-8", "fr_FR.UTF-8", "C.UTF-8"}) {  // whichever are installed
        if (std::setlocale(LC_ALL, locale)) {
            EXPECT_EQ(svg_chart(sample()), first) << locale;
        }
    }
    std::setlocale(LC_ALL, saved.c_str());
}

}  // namespace
