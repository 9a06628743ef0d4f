// The bench chart as SVG text. The layout is worked out first (sizes follow
// the number of groups and series and the estimated width of every label),
// then drawn in one pass. Nothing depends on the clock, the locale or
// addresses, so the same data always gives the same bytes.
#include "report/chart.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <string_view>

namespace np::report {

namespace {

// ---- Sizes (px) -----------------------------------------------------------

constexpr double kTitlePx = 18;
constexpr double kTextPx = 12;            // subtitle, legend, axis and group labels
constexpr double kValuePx = 10;           // the figure above each bar
constexpr double kBarWidth = 24;
constexpr double kBarGap = 6;             // keeps neighbouring "151k" labels apart
constexpr double kGroupPadding = 18;      // each side of a group's bars
constexpr double kMinGroupWidth = 120;    // room for a wrapped dataset name
constexpr double kMargin = 16;            // outer margin left and top
constexpr double kRightMargin = 24;
constexpr double kLegendRow = 20;
constexpr double kSwatch = 12;
constexpr double kLabelLine = 14;         // line height of a wrapped group label
constexpr std::size_t kMaxLabelLines = 4;
constexpr double kStubHeight = 12;        // the hatched "n/a" stub
constexpr double kDecadePx = 56;
constexpr double kMinPlotHeight = 240;
constexpr double kMaxPlotHeight = 420;
constexpr int kMaxTickLabels = 14;  // 420 px / 14 leaves 30 px a label

// Okabe-Ito: distinguishable with the common colour-vision deficiencies.
// Yellow and black come last: pale on white and heavy, respectively.
constexpr std::array<const char*, 8> kPalette = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                                 "#56B4E9", "#CC79A7", "#F0E442", "#000000"};

// ---- Text -----------------------------------------------------------------

// Length of the UTF-8 character at s[i] if it is well formed and allowed in
// XML 1.0, else 0. Labels come from file names in any encoding, and one bad
// byte would make the whole file unreadable to an SVG viewer.
std::size_t xml_char_length(std::string_view s, std::size_t i) {
    const auto lead = static_cast<unsigned char>(s[i]);
    const std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    char32_t cp = n == 1 ? lead : lead & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        const auto next = static_cast<unsigned char>(s[i + k]);
        if ((next & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (next & 0x3F);
    }
    constexpr std::array<char32_t, 5> smallest = {0, 0, 0x80, 0x800, 0x10000};  // shorter forms are overlong
    const bool control = cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r';
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    const bool ok = !control && !surrogate && cp >= smallest[n] && cp != 0xFFFE && cp != 0xFFFF && cp <= 0x10FFFF;
    return ok ? n : 0;
}

// s as XML character data or attribute value; bytes XML cannot carry become
// U+FFFD so that the output stays well formed.
std::string escape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = xml_char_length(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        switch (s[i]) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += s.substr(i, n);
        }
        i += n;
    }
    return out;
}

// s split into characters, multi-byte UTF-8 sequences kept whole, so that
// wrapping never cuts one in half.
std::vector<std::string_view> characters(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t n = 1;
        while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
        out.push_back(s.substr(i, n));
        i += n;
    }
    return out;
}

// An estimate of s's rendered width: SVG gives no way to measure text
// before it is drawn, so the layout assumes 0.6 em a character, a little
// wider than the average sans-serif letter or digit.
double text_width(std::string_view s, double font_px) {
    return static_cast<double>(characters(s).size()) * 0.6 * font_px;
}

// ---- Numbers --------------------------------------------------------------

// std::to_chars ignores the C and C++ locales: a decimal comma would break
// every coordinate.
std::string to_text(double x, std::chars_format format, int precision) {
    std::array<char, 400> buffer;  // room for any finite double in fixed notation
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), x, format, precision);
    return error == std::errc{} ? std::string(buffer.data(), end) : std::string("0");
}

std::string without_point_zero(std::string s) {
    if (s.ends_with(".0")) s.resize(s.size() - 2);
    return s == "-0" ? "0" : s;
}

// A coordinate: a tenth of a pixel is finer than any screen.
std::string px(double x) { return without_point_zero(to_text(x, std::chars_format::fixed, 1)); }

// A rate in a handful of characters: "0.5", "87", "2.3k", "151k", "12M".
std::string short_value(double v) {
    if (!std::isfinite(v)) return "inf";
    if (v < 0.095) return to_text(v, std::chars_format::general, 1);  // "0.01", "1e-05"
    double scaled = v;
    for (const char* suffix : {"", "k", "M", "G", "T", "P", "E"}) {
        if (scaled < 9.95) return without_point_zero(to_text(scaled, std::chars_format::fixed, 1)) + suffix;
        if (scaled < 999.5) return to_text(scaled, std::chars_format::fixed, 0) + suffix;
        scaled /= 1000;
    }
    return to_text(v, std::chars_format::general, 2);
}

// The full figure, for the tooltip.
std::string exact_value(double v) { return to_text(v, std::chars_format::fixed, v < 100 ? 2 : 0); }

// ---- Data -----------------------------------------------------------------

// The figure for (group, series), or nothing: missing entries, ragged rows,
// NaN, infinities and rates <= 0 have no place on a log scale.
std::optional<double> figure(const ChartData& data, std::size_t group, std::size_t series) {
    if (group >= data.values.size() || series >= data.values[group].size()) return std::nullopt;
    const std::optional<double>& value = data.values[group][series];
    if (!value || !std::isfinite(*value) || *value <= 0) return std::nullopt;
    return value;
}

// The value axis in whole decades [lo, hi] (10^lo .. 10^hi).
struct Decades {
    int lo = 0;
    int hi = 1;
};

// Decades strictly around the data: the smallest bar still has height and
// the largest leaves headroom for its label. Nothing if there is no figure.
std::optional<Decades> decades_of(const ChartData& data) {
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t g = 0; g < data.groups.size(); ++g)
        for (std::size_t s = 0; s < data.series.size(); ++s)
            if (const auto v = figure(data, g, s)) {
                lo = std::min(lo, std::log10(*v));
                hi = std::max(hi, std::log10(*v));
            }
    if (lo > hi) return std::nullopt;
    return Decades{static_cast<int>(std::ceil(lo)) - 1, static_cast<int>(std::floor(hi)) + 1};
}

// Label every step-th decade so that a huge range does not pile labels up.
int tick_step(const Decades& d) { return std::max(1, (d.hi - d.lo + kMaxTickLabels - 1) / kMaxTickLabels); }

bool labelled(int decade, int step) { return ((decade % step) + step) % step == 0; }

// ---- Layout ---------------------------------------------------------------

struct Point {
    double x = 0, y = 0;
};

struct Layout {
    double width = 0, height = 0;
    double plot_left = 0, plot_top = 0, plot_width = 0, plot_height = 0;
    double group_width = 0;
    double legend_top = 0;
    std::vector<Point> legend;                          // each series' swatch, top left
    std::vector<std::vector<std::string>> group_lines;  // wrapped dataset names
    Decades axis;

    double plot_bottom() const { return plot_top + plot_height; }
    double y_of(double v) const {
        return plot_bottom() - (std::log10(v) - axis.lo) / (axis.hi - axis.lo) * plot_height;
    }
    // Left edge of bar (group, series): the bars sit centred in their group.
    double bar_x(std::size_t group, std::size_t series, std::size_t series_count) const {
        const double bars = static_cast<double>(series_count) * (kBarWidth + kBarGap) - kBarGap;
        return plot_left + static_cast<double>(group) * group_width + (group_width - bars) / 2 +
               static_cast<double>(series) * (kBarWidth + kBarGap);
    }
};

// Break characters of dataset names, which are mostly file names such as
// forum_hardest_1905_11plus: a line may end after one of these.
bool is_break(std::string_view c) { return c == "_" || c == "-" || c == "." || c == "/" || c == " "; }

std::string join(const std::vector<std::string_view>& chars, std::size_t begin, std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < end; ++i) out += chars[i];
    return out;
}

// Where a line from `start` that may run up to `limit` ends: just after its
// last break character, or at the limit when there is none.
std::size_t line_end(const std::vector<std::string_view>& chars, std::size_t start, std::size_t limit) {
    for (std::size_t end = limit; end > start + 1; --end)
        if (is_break(chars[end - 1])) return end;
    return limit;
}

// name in lines of at most `columns` characters, broken after a break
// character where one fits and mid-word otherwise; past kMaxLabelLines the
// last line ends in an ellipsis (the full name is in the bars' tooltips).
std::vector<std::string> wrap(std::string_view name, std::size_t columns) {
    const auto chars = characters(name);
    std::vector<std::string> lines;
    for (std::size_t start = 0; start < chars.size();) {
        std::size_t end = std::min(chars.size(), start + columns);
        if (end < chars.size() && lines.size() + 1 == kMaxLabelLines) {
            lines.push_back(join(chars, start, end - 1) + "\u2026");
            break;
        }
        if (end < chars.size()) end = line_end(chars, start, end);
        lines.push_back(join(chars, start, end));
        start = end;
    }
    return lines;
}

double legend_item_width(const std::string& name) { return kSwatch + 6 + text_width(name, kTextPx) + 18; }

// Wide enough for every group's bars, the title and any one legend item;
// more groups or more series make a wider chart rather than thinner bars.
double chart_width(const ChartData& data, double plot_left) {
    const double bars = static_cast<double>(data.series.size()) * (kBarWidth + kBarGap) - kBarGap;
    const double group = std::max(kMinGroupWidth, bars + 2 * kGroupPadding);
    double width = plot_left + static_cast<double>(data.groups.size()) * group + kRightMargin;
    width = std::max(width, 2 * kMargin + text_width(data.title, kTitlePx));
    width = std::max(width, 2 * kMargin + text_width(data.subtitle, kTextPx));
    for (const auto& name : data.series) width = std::max(width, plot_left + legend_item_width(name) + kRightMargin);
    return std::ceil(width);
}

// Room left of the plot for the rotated unit label and the tick labels.
double plot_left_of(const Decades& axis) {
    double widest = 0;
    for (int k = axis.lo; k <= axis.hi; ++k) widest = std::max(widest, text_width(short_value(std::pow(10.0, k)), kTextPx));
    return std::ceil(kMargin + kTextPx + 8 + widest + 8);
}

double header_bottom(const ChartData& data) { return data.subtitle.empty() ? 40 : 58; }

// Legend items left to right above the plot, starting a new row when one
// would run past the right edge: above the plot it can never hide a bar.
// Returns the legend's bottom edge.
double place_legend(Layout& l, const ChartData& data) {
    double x = l.plot_left, y = l.legend_top;
    for (const auto& name : data.series) {
        const double w = legend_item_width(name);
        if (x > l.plot_left && x + w > l.width - kRightMargin) {
            x = l.plot_left;
            y += kLegendRow;
        }
        l.legend.push_back({x, y});
        x += w;
    }
    return data.series.empty() ? l.legend_top : y + kLegendRow;
}

Layout layout_of(const ChartData& data, const Decades& axis) {
    Layout l;
    l.axis = axis;
    l.plot_left = plot_left_of(axis);
    l.width = chart_width(data, l.plot_left);
    l.plot_width = l.width - l.plot_left - kRightMargin;
    l.group_width = l.plot_width / static_cast<double>(data.groups.size());
    const auto columns = static_cast<std::size_t>(std::max(4.0, (l.group_width - 10) / (0.6 * kTextPx)));
    std::size_t most_lines = 1;
    for (const auto& name : data.groups) {
        l.group_lines.push_back(wrap(name, columns));
        most_lines = std::max(most_lines, l.group_lines.back().size());
    }
    l.legend_top = header_bottom(data);
    l.plot_top = place_legend(l, data) + 26;  // the gap takes the tallest bar's label
    l.plot_height = std::clamp((axis.hi - axis.lo) * kDecadePx, kMinPlotHeight, kMaxPlotHeight);
    l.height = std::ceil(l.plot_bottom() + 20 + static_cast<double>(most_lines - 1) * kLabelLine + 16);
    return l;
}

// ---- Drawing --------------------------------------------------------------

// Appends the parts in order. Temporaries passed in live until the end of
// the caller's full expression, so views of them are safe here.
void put(std::string& out, std::initializer_list<std::string_view> parts) {
    for (const std::string_view part : parts) out += part;
}

// <text> at (x, y); `attributes` starts with a space.
void text(std::string& out, double x, double y, std::string_view content, std::string_view attributes) {
    put(out, {"<text x=\"", px(x), "\" y=\"", px(y), "\"", attributes, ">", escape(content), "</text>\n"});
}

void line(std::string& out, Point a, Point b, std::string_view stroke) {
    put(out, {"<line x1=\"", px(a.x), "\" y1=\"", px(a.y), "\" x2=\"", px(b.x), "\" y2=\"", px(b.y), "\" stroke=\"",
              stroke, "\"/>\n"});
}

// The start of a <rect>: `kind` (class) lets readers and tests tell bars,
// stubs and swatches apart. The caller closes the tag.
void rect_start(std::string& out, std::string_view kind, double x, double y, double width, double height) {
    put(out, {"<rect class=\"", kind, "\" x=\"", px(x), "\" y=\"", px(y), "\" width=\"", px(width), "\" height=\"",
              px(height), "\""});
}

// The document element, a white background (a transparent chart is
// unreadable in dark viewers) and the hatch pattern of the "n/a" stubs.
void open_svg(std::string& out, double width, double height, const std::string& title) {
    const std::string w = px(width), h = px(height);
    put(out, {"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
              "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"", w, "\" height=\"", h,
              "\" viewBox=\"0 0 ", w, " ", h, "\" font-family=\"sans-serif\">\n"});
    if (!title.empty()) put(out, {"<title>", escape(title), "</title>\n"});
    out += "<defs><pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
           "patternTransform=\"rotate(45)\"><rect width=\"5\" height=\"5\" fill=\"#f2f2f2\"/>"
           "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#999999\" stroke-width=\"2\"/></pattern></defs>\n";
    put(out, {"<rect width=\"", w, "\" height=\"", h, "\" fill=\"#ffffff\"/>\n"});
}

void draw_header(std::string& out, const ChartData& data) {
    text(out, kMargin, 28, data.title, " font-size=\"18\" font-weight=\"bold\" fill=\"#222222\"");
    if (!data.subtitle.empty()) text(out, kMargin, 47, data.subtitle, " font-size=\"12\" fill=\"#555555\"");
}

void draw_legend(std::string& out, const ChartData& data, const Layout& l) {
    for (std::size_t s = 0; s < data.series.size(); ++s) {
        const Point p = l.legend[s];
        rect_start(out, "swatch", p.x, p.y, kSwatch, kSwatch);
        put(out, {" fill=\"", kPalette[s % kPalette.size()], "\"/>\n"});
        text(out, p.x + kSwatch + 6, p.y + 10.5, data.series[s], " font-size=\"12\" fill=\"#222222\"");
    }
}

// Short marks at 2x and 5x within each decade: they let the eye place a bar
// between the gridlines. Left out when decades are too thin to hold them.
void draw_minor_ticks(std::string& out, const Layout& l) {
    if (tick_step(l.axis) > 1) return;
    for (int k = l.axis.lo; k < l.axis.hi; ++k)
        for (double m : {2.0, 5.0}) {
            const double y = l.y_of(m * std::pow(10.0, k));
            line(out, {l.plot_left - 3, y}, {l.plot_left, y}, "#666666");
        }
}

// The unit, rotated to read bottom to top beside the tick labels.
void draw_unit(std::string& out, const ChartData& data, const Layout& l) {
    const double x = kMargin + kTextPx - 2, y = l.plot_top + l.plot_height / 2;
    const std::string rotate = " transform=\"rotate(-90 " + px(x) + " " + px(y) + ")\"";
    text(out, x, y, data.unit, " font-size=\"12\" text-anchor=\"middle\" fill=\"#333333\"" + rotate);
}

// Gridlines and labels at powers of ten, the axis lines and the unit.
void draw_axis(std::string& out, const ChartData& data, const Layout& l) {
    const int step = tick_step(l.axis);
    const double right = l.plot_left + l.plot_width;
    for (int k = l.axis.lo; k <= l.axis.hi; ++k) {
        if (!labelled(k, step)) continue;
        const double v = std::pow(10.0, k), y = l.y_of(v);
        line(out, {l.plot_left, y}, {right, y}, "#e3e3e3");
        line(out, {l.plot_left - 5, y}, {l.plot_left, y}, "#666666");
        text(out, l.plot_left - 8, y + 4, short_value(v), " font-size=\"12\" text-anchor=\"end\" fill=\"#333333\"");
    }
    draw_minor_ticks(out, l);
    line(out, {l.plot_left, l.plot_top}, {l.plot_left, l.plot_bottom()}, "#666666");
    line(out, {l.plot_left, l.plot_bottom()}, {right, l.plot_bottom()}, "#666666");
    if (!data.unit.empty()) draw_unit(out, data, l);
}

// "plugin on dataset: what", shown by browsers on hover.
void tooltip(std::string& out, const ChartData& data, std::size_t g, std::size_t s, const std::string& what) {
    put(out, {"<title>", escape(data.series[s]), " on ", escape(data.groups[g]), ": ", escape(what), "</title>"});
}

// One bar, its figure above it, and the exact figure in a tooltip.
void draw_bar(std::string& out, const ChartData& data, const Layout& l, std::size_t g, std::size_t s, double v) {
    const double x = l.bar_x(g, s, data.series.size()), y = l.y_of(v);
    rect_start(out, "bar", x, y, kBarWidth, l.plot_bottom() - y);
    put(out, {" fill=\"", kPalette[s % kPalette.size()], "\">"});
    tooltip(out, data, g, s, exact_value(v) + " " + data.unit);
    out += "</rect>\n";
    text(out, x + kBarWidth / 2, y - 4, short_value(v), " font-size=\"10\" text-anchor=\"middle\" fill=\"#333333\"");
}

// No figure: a short hatched stub marked "n/a", so that a gap reads as
// "not measured" rather than as a forgotten bar or a tiny rate.
void draw_stub(std::string& out, const ChartData& data, const Layout& l, std::size_t g, std::size_t s) {
    const double x = l.bar_x(g, s, data.series.size()), y = l.plot_bottom() - kStubHeight;
    rect_start(out, "na", x + 0.5, y, kBarWidth - 1, kStubHeight);
    out += " fill=\"url(#hatch)\" stroke=\"#999999\">";
    tooltip(out, data, g, s, "no figure");
    out += "</rect>\n";
    text(out, x + kBarWidth / 2, y - 4, "n/a", " font-size=\"10\" text-anchor=\"middle\" fill=\"#777777\"");
}

void draw_bars(std::string& out, const ChartData& data, const Layout& l) {
    for (std::size_t g = 0; g < data.groups.size(); ++g)
        for (std::size_t s = 0; s < data.series.size(); ++s) {
            if (const auto v = figure(data, g, s))
                draw_bar(out, data, l, g, s, *v);
            else
                draw_stub(out, data, l, g, s);
        }
}

void draw_group_labels(std::string& out, const Layout& l) {
    for (std::size_t g = 0; g < l.group_lines.size(); ++g) {
        const double x = l.plot_left + (static_cast<double>(g) + 0.5) * l.group_width;
        for (std::size_t i = 0; i < l.group_lines[g].size(); ++i)
            text(out, x, l.plot_bottom() + 20 + static_cast<double>(i) * kLabelLine, l.group_lines[g][i],
                 " font-size=\"12\" text-anchor=\"middle\" fill=\"#222222\"");
    }
}

// Nothing to plot: still a valid picture, with the title, that says so.
std::string empty_chart(const ChartData& data) {
    const double width = std::ceil(std::max({480.0, 2 * kMargin + text_width(data.title, kTitlePx),
                                             2 * kMargin + text_width(data.subtitle, kTextPx)}));
    const double top = header_bottom(data), height = top + 140;
    std::string out;
    open_svg(out, width, height, data.title);
    draw_header(out, data);
    rect_start(out, "frame", kMargin, top, width - 2 * kMargin, 120);
    out += " fill=\"none\" stroke=\"#cccccc\" stroke-dasharray=\"4 3\"/>\n";
    text(out, width / 2, top + 65, "no figures", " font-size=\"14\" text-anchor=\"middle\" fill=\"#777777\"");
    out += "</svg>\n";
    return out;
}

}  // namespace

std::string svg_chart(const ChartData& data) {
    const auto axis = decades_of(data);
    if (!axis) return empty_chart(data);
    const Layout l = layout_of(data, *axis);
    std::string out;
    open_svg(out, l.width, l.height, data.title);
    draw_header(out, data);
    draw_legend(out, data, l);
    draw_axis(out, data, l);
    draw_bars(out, data, l);
    draw_group_labels(out, l);
    out += "</svg>\n";
    return out;
}

}  // namespace np::report
