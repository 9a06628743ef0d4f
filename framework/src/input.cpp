// Splitting input text into puzzle items.
//
// Automatic format, line by line:
//   * blank lines end a grid block; '#' lines are skipped (they neither end
//     nor join a block);
//   * a border line (only "+-=|*" and spaces) belongs to a grid block;
//   * a line whose first field is short (at most 35 characters, the largest
//     side) and is neither a complete puzzle of a fitting length (the size's
//     N*N, or without a size one of the known lengths 16, 36, 81, 144, 256,
//     625) nor a share string, is a grid row;
//   * anything else is a line or share item on its own.
// Consecutive grid rows form a block, which ends at a blank line, at a line
// or share item, or once N rows are in (N = the size's side, else the first
// row's symbol count when that is a known side), so grids may follow each
// other without blank lines. The border line right after a complete grid is
// its bottom border; a further border line opens the next grid.
//
// The 4x4 / 16x16 ambiguity: without a size, a 16-character first field is a
// complete 4x4 line puzzle, but it could as well be a row of a 16x16 grid
// written without spaces. Such lines are read as 4x4 line puzzles, unless
// they form a run of at least 16 consecutive such lines (border and comment
// lines between them do not break the run; anything else does) in which some
// symbol is a value above 4 - impossible in a 4x4 puzzle - and then the whole
// run is grid rows. With a size there is no ambiguity.
//
// A single short line that is not part of a grid (one row, no border) is
// given as a line item, so that a bad line among line puzzles is reported by
// the line parser, with its own origin, and never takes the next lines along.
//
// f-puzzles text (looks_like_fpuzzles: JSON, an lz-string export, a link) is
// one item per line, taken whole (a link holds ':' and JSON ','). JSON
// spread over lines (a file of one pretty-printed puzzle) is one item from
// its '{' line to the line that closes it.
#include "text.hpp"
#include "numplace/input.hpp"
#include "numplace/fpuzzles.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <vector>

namespace np {

namespace {

using text::is_border_line;
using text::kBlank;
using text::kBorderChars;
using text::kKnownCellCounts;
using text::kRowFiller;
using text::trim;

// What ends a line's first field: blanks, ':', ',' and ';'.
constexpr bool is_field_end(char c) {
    switch (c) {
        case ' ': case '\t': case '\r': case '\n': case '\v': case '\f': case ':': case ',': case ';': return true;
        default: return false;
    }
}
constexpr std::size_t kMaxRowField = 35;

// The puzzle of a line: up to whitespace, ':', ',' or ';'.
std::string_view first_field(std::string_view line) {
    const std::string_view t = trim(line);
    // A plain loop: string_view::find_first_of calls memchr once per
    // character, and this runs on every line of every input.
    std::size_t end = 0;
    while (end < t.size() && !is_field_end(t[end])) ++end;
    return t.substr(0, end);
}

std::size_t row_symbol_count(std::string_view line) {
    std::size_t n = 0;
    for (char c : line)
        if (kRowFiller.find(c) == std::string_view::npos && c != '\n') ++n;
    return n;
}

bool fits_line_length(std::size_t length, const std::optional<Geometry>& size) {
    if (size) return length == static_cast<std::size_t>(size->cell_count());
    for (auto n : kKnownCellCounts)
        if (n == length) return true;
    return false;
}

enum class Kind { blank, comment, border, row, item, fpuzzles };

// How much a line opens ('{') or closes ('}') JSON objects, braces inside
// JSON strings not counted.
int brace_change(std::string_view line) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : line) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        }
    }
    return depth;
}

// A line of f-puzzles input: always in that format, by its look otherwise.
bool fpuzzles_line(std::string_view t, InputFormat format) {
    return format == InputFormat::fpuzzles || (format == InputFormat::automatic && looks_like_fpuzzles(t));
}

struct Line {
    int number;             // 1-based
    std::string_view text;  // without the line break and '\r'
    Kind kind;
    bool ambiguous = false;  // a 16-character first field, without a size
};

std::vector<Line> split_lines(std::string_view text, int first_line) {
    std::vector<Line> lines;
    std::size_t start = 0;
    int number = first_line - 1;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back({++number, line, Kind::blank});
        start = end + 1;
    }
    return lines;
}

InputFormat line_item_format(std::string_view field, InputFormat format,
                             const std::optional<Geometry>& size) {
    if (format == InputFormat::line || format == InputFormat::share) return format;
    return looks_like_share(field, size) ? InputFormat::share : InputFormat::line;
}

void classify(std::vector<Line>& lines, InputFormat format, const std::optional<Geometry>& size) {
    for (auto& line : lines) {
        const std::string_view t = trim(line.text);
        if (t.empty()) {
            line.kind = Kind::blank;
        } else if (t.front() == '#') {
            line.kind = Kind::comment;
        } else if (fpuzzles_line(t, format)) {
            line.kind = Kind::fpuzzles;
        } else if (format == InputFormat::line || format == InputFormat::share) {
            line.kind = Kind::item;
        } else if (format == InputFormat::grid) {
            line.kind = is_border_line(t) ? Kind::border : Kind::row;
        } else if (is_border_line(t)) {
            line.kind = Kind::border;
        } else if (text::candidate_row_side(t, size) > 0) {
            line.kind = Kind::row;  // a pencilmark row, whatever its first field
        } else {
            const std::string_view field = first_field(t);
            const bool short_field = field.size() <= kMaxRowField;
            const bool complete = fits_line_length(field.size(), size);
            const bool row = short_field && !complete && !looks_like_share(field, size);
            line.kind = row ? Kind::row : Kind::item;
            line.ambiguous = !size && field.size() == 16 && !looks_like_share(field, size);
        }
    }
    if (format != InputFormat::automatic || size) return;

    // Runs of ambiguous lines: ≥ 16 of them with a value above 4 are grid rows.
    std::size_t i = 0;
    while (i < lines.size()) {
        if (!lines[i].ambiguous) {
            ++i;
            continue;
        }
        std::vector<std::size_t> run;
        bool above_four = false;
        std::size_t j = i;
        for (; j < lines.size(); ++j) {
            const Line& l = lines[j];
            if (l.kind == Kind::comment || l.kind == Kind::border) continue;
            if (!l.ambiguous) break;
            run.push_back(j);
            for (char c : first_field(l.text))
                if (symbol_value(c) > 4) above_four = true;
        }
        if (run.size() >= 16 && above_four)
            for (auto k : run) lines[k].kind = Kind::row;
        i = j;
    }
}

// After this line nothing is pending in split_input: no grid block, no run
// of ambiguous lines. A blank line, or in automatic format a line item that
// is not ambiguous; in line and share formats every line.
bool ends_everything(std::string_view line, InputFormat format, const std::optional<Geometry>& size) {
    const std::string_view t = trim(line);
    if (t.empty()) return true;
    if (t.front() == '#') return false;  // comments neither end nor join
    if (format == InputFormat::line || format == InputFormat::share) return true;
    if (fpuzzles_line(t, format)) return true;
    if (format == InputFormat::grid || is_border_line(t)) return false;
    if (text::candidate_row_side(t, size) > 0) return false;
    const std::string_view field = first_field(t);
    if (looks_like_share(field, size)) return true;
    const bool row = field.size() <= kMaxRowField && !fits_line_length(field.size(), size);
    const bool ambiguous = !size && field.size() == 16;
    return !row && !ambiguous;
}

}  // namespace

namespace {

std::string origin_of(const std::string& prefix, int number) { return prefix + ":" + std::to_string(number); }

// The grid block being collected (split_items).
struct Block {
    std::vector<const Line*> lines;
    std::size_t rows = 0;
    std::size_t side = 0;  // rows that complete it; 0 = until it ends
    int band = 0;          // rows of a band (the box height), when the side is known
    bool pencil = false;   // a pencilmark row is in it
    bool bottom_taken = false;
    bool empty() const { return lines.empty(); }
    bool complete() const { return side > 0 && rows == side; }

    // A pencilmark grid (candidate_grid_text) has a blank line between its
    // bands: at a band's end, a blank line does not end a block that holds a
    // pencilmark row. Decided by the lines before it only, so that reading
    // piece by piece (Segments) splits as the whole text does.
    bool band_gap() const {
        return pencil && !complete() && band > 0 && rows > 0 && rows % static_cast<std::size_t>(band) == 0;
    }

    // A row joins the block (not complete): the first sets its side, and a
    // pencilmark row its side and band.
    void take_row(const Line& line, const std::optional<Geometry>& size) {
        if (rows == 0) {
            if (size) {
                side = static_cast<std::size_t>(size->side());
            } else {
                const auto count = row_symbol_count(line.text);
                if (Geometry::from_side(static_cast<int>(count))) side = count;
            }
        }
        if (const int n = text::candidate_row_side(trim(line.text), size); n > 0 && !pencil) {
            pencil = true;
            side = static_cast<std::size_t>(n);
        }
        if (rows == 0 || pencil) {
            const auto shape = size ? size : Geometry::from_side(static_cast<int>(side));
            band = shape ? shape->box_rows : 0;
        }
        lines.push_back(&line);
        ++rows;
    }
};

// The block's puzzle into `items`, and a new block begun.
void flush_block(Block& block, std::vector<InputItem>& items, const std::string& origin_prefix, InputFormat format,
                 const std::optional<Geometry>& size) {
    if (block.rows == 1 && block.lines.size() == 1 && format == InputFormat::automatic) {
        // A lone short line: a (bad) line puzzle rather than a grid.
        const Line& l = *block.lines.front();
        const std::string_view field = first_field(l.text);
        items.push_back({origin_of(origin_prefix, l.number), std::string(field),
                         line_item_format(field, format, size)});
    } else if (block.rows > 0) {
        std::string joined;
        for (const Line* l : block.lines) {
            if (!joined.empty()) joined += '\n';
            joined += l->text;
        }
        items.push_back({origin_of(origin_prefix, block.lines.front()->number), std::move(joined),
                         InputFormat::grid});
    }
    // A block of border lines only holds no puzzle: dropped.
    block = Block{};
}

// f-puzzles JSON over several lines (split_items): from the line that
// opens it to the one that closes it.
struct JsonBlock {
    std::string text;
    int depth = 0;
    int first = 0;  // its first line's number; 0 when no block is open
};

// An f-puzzles line, or any line while a JSON block is open: into the block
// or out as an item. False when the line is neither (split_items goes on).
bool take_fpuzzles(const Line& line, JsonBlock& json, std::vector<InputItem>& items, const std::string& prefix) {
    const std::string_view t = trim(line.text);
    if (json.first == 0) {
        if (line.kind != Kind::fpuzzles) return false;
        const int opened = brace_change(t);
        if (t.front() != '{' || opened <= 0) {
            items.push_back({origin_of(prefix, line.number), std::string(t), InputFormat::fpuzzles});
            return true;
        }
        json = {std::string(t), opened, line.number};
        return true;
    }
    json.text += '\n';
    json.text += t;
    json.depth += brace_change(t);
    if (json.depth > 0) return true;
    items.push_back({origin_of(prefix, json.first), std::move(json.text), InputFormat::fpuzzles});
    json = {};
    return true;
}

// split_input; `gap_at_end`, when given, is set when the text's last line is
// a blank line inside a pencilmark grid (the grid goes on after it).
std::vector<InputItem> split_items(std::string_view text, const std::string& origin_prefix, InputFormat format,
                                   std::optional<Geometry> size, int first_line, bool* gap_at_end) {
    std::vector<Line> lines = split_lines(text, first_line);
    classify(lines, format, size);

    std::vector<InputItem> items;
    Block block;
    JsonBlock json;
    auto flush = [&] { flush_block(block, items, origin_prefix, format, size); };

    for (const Line& line : lines) {
        if (gap_at_end != nullptr) *gap_at_end = false;
        if (line.kind == Kind::fpuzzles && json.first == 0) flush();
        if (take_fpuzzles(line, json, items, origin_prefix)) continue;
        switch (line.kind) {
            case Kind::blank:
                if (!block.band_gap()) flush();
                else if (gap_at_end != nullptr) *gap_at_end = true;
                break;
            case Kind::comment:
                break;
            case Kind::border:
                if (block.complete()) {
                    if (!block.bottom_taken) {
                        block.lines.push_back(&line);
                        block.bottom_taken = true;
                        break;
                    }
                    flush();
                }
                block.lines.push_back(&line);
                break;
            case Kind::row:
                if (block.complete()) flush();
                block.take_row(line, size);
                break;
            case Kind::item: {
                flush();
                const std::string_view field = first_field(line.text);
                items.push_back({origin_of(origin_prefix, line.number), std::string(field),
                                 line_item_format(field, format, size)});
                break;
            }
            case Kind::fpuzzles:
                break;  // taken above
        }
    }
    flush();
    // JSON never closed: the reader says where it ends too early.
    if (json.first != 0) items.push_back({origin_of(origin_prefix, json.first), std::move(json.text), InputFormat::fpuzzles});
    return items;
}

}  // namespace

std::vector<InputItem> split_input(std::string_view text, const std::string& origin_prefix,
                                   InputFormat format, std::optional<Geometry> size, int first_line) {
    return split_items(text, origin_prefix, format, size, first_line, nullptr);
}

namespace {

// The lines read so far that split_input has not decided yet, joined with
// '\n'. They go to split_input at a line after which nothing is pending, once
// there are enough of them to make the call worth it.
class Segments {
public:
    Segments(const std::string& origin_prefix, InputFormat format, std::optional<Geometry> size,
             const std::function<bool(InputItem&&)>& each)
        : prefix_(origin_prefix), format_(format), size_(size), each_(each) {}

    bool add(std::string_view line, int number) {
        if (text_.empty()) first_ = number;
        text_.append(line);
        text_ += '\n';
        const std::string_view t = trim(line);
        if (!t.empty() && t.front() != '#' && text::candidate_row_side(t, size_) > 0) pencil_ = true;
        // An open f-puzzles JSON block is never cut (split_items joins it).
        if (json_depth_ > 0 || (!t.empty() && t.front() == '{' && fpuzzles_line(t, format_)))
            json_depth_ = std::max(0, json_depth_ + brace_change(t));
        constexpr std::size_t kWorthIt = std::size_t{1} << 16;
        if (json_depth_ > 0 || text_.size() < kWorthIt || !ends_everything(line, format_, size_)) return true;
        // After a pencilmark row, a blank line may be a gap between a grid's
        // bands: split_input says whether it is, and the text waits if so.
        if (!t.empty() || !pencil_) return flush();
        bool gap = false;
        auto items = split_items(text_, prefix_, format_, size_, first_, &gap);
        return gap || emit(std::move(items));
    }

    bool flush() {
        if (text_.empty()) return true;
        return emit(split_input(text_, prefix_, format_, size_, first_));
    }

    // The items of all of text_, which is then done.
    bool emit(std::vector<InputItem> items) {
        text_.clear();
        pencil_ = false;
        for (auto& item : items)
            if (!each_(std::move(item))) return false;
        return true;
    }

    bool problem(int number, std::string why) {
        if (!flush()) return false;
        return each_(InputItem{prefix_ + ":" + std::to_string(number), "", InputFormat::line, std::move(why)});
    }

private:
    const std::string& prefix_;
    InputFormat format_;
    std::optional<Geometry> size_;
    const std::function<bool(InputItem&&)>& each_;
    std::string text_;
    int first_ = 1;
    bool pencil_ = false;  // a pencilmark row is in text_
    int json_depth_ = 0;   // braces open in an f-puzzles JSON block
};

// The system's words for errno, in the lower case of numplace's messages.
std::string unreadable_because(int error) {
    if (error == EISDIR) return "a directory";
    if (error == ENOENT) return "no such file";
    std::string words = std::strerror(error);
    if (!words.empty()) words[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[0])));
    return words;
}

std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

bool read_items(const ReadSome& read, const std::string& origin_prefix, InputFormat format,
                std::optional<Geometry> size, const std::function<bool(InputItem&&)>& each) {
    Segments segments(origin_prefix, format, size, each);
    std::string line;          // the line being read, while it fits
    std::size_t length = 0;    // its length so far, kept or not
    int number = 1;
    std::vector<char> buffer(std::size_t{1} << 16);
    auto line_done = [&] {
        const bool ok = length > kMaxLineBytes
                            ? segments.problem(number, "a line of " + std::to_string(length) +
                                                           " bytes, over the " + mib(kMaxLineBytes) +
                                                           " a line may hold: skipped")
                            : segments.add(line, number);
        line.clear();
        length = 0;
        ++number;
        return ok;
    };
    for (;;) {
        const std::size_t got = read(buffer.data(), buffer.size());
        if (got == 0) break;
        std::string_view chunk(buffer.data(), got);
        while (!chunk.empty()) {
            const std::size_t end = chunk.find('\n');
            const std::string_view part = chunk.substr(0, end);
            length += part.size();
            if (length <= kMaxLineBytes) line.append(part);
            else line.clear();  // over-long: only its length is kept
            if (end == std::string_view::npos) break;
            if (!line_done()) return false;
            chunk.remove_prefix(end + 1);
        }
        if (length > kMaxUnbrokenBytes)
            return segments.problem(number, "no line break in " + mib(kMaxUnbrokenBytes) +
                                                ": the rest of this input is not read");
    }
    if (length > 0 && !line_done()) return false;
    return segments.flush();
}

bool read_items(std::istream& in, const std::string& origin_prefix, InputFormat format,
                std::optional<Geometry> size, const std::function<bool(InputItem&&)>& each) {
    auto read = [&in](char* buffer, std::size_t capacity) -> std::size_t {
        in.read(buffer, static_cast<std::streamsize>(capacity));
        return static_cast<std::size_t>(in.gcount());
    };
    return read_items(read, origin_prefix, format, size, each);
}

bool read_file_items(const std::string& path, InputFormat format, std::optional<Geometry> size,
                     const std::function<bool(InputItem&&)>& each, std::string& error,
                     const std::atomic<bool>* cancel) {
    error.clear();
    const bool is_stdin = path == "-";
    const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    int failure = fd < 0 ? errno : 0;
    struct stat st {};
    if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) failure = EISDIR;
    auto read = [&](char* buffer, std::size_t capacity) -> std::size_t {
        for (;;) {
            const ssize_t got = ::read(fd, buffer, capacity);
            if (got >= 0) return static_cast<std::size_t>(got);
            if (errno == EINTR && !(cancel != nullptr && cancel->load())) continue;
            if (errno != EINTR) failure = errno;
            return 0;
        }
    };
    bool go_on = true;
    if (failure == 0) go_on = read_items(read, is_stdin ? "stdin" : path, format, size, each);
    if (fd >= 0 && !is_stdin) ::close(fd);
    if (failure != 0) error = unreadable_because(failure);
    return go_on;
}

ParseResult parse_item(const InputItem& item, std::optional<Geometry> size) {
    if (item.problem.empty()) return parse_puzzle(item.text, item.format, size);
    Reason why;
    why.code = ReasonCode::wrong_length;
    why.message = item.problem;
    return why;
}

InputItem argument_item(std::string_view text, int index, InputFormat format,
                        std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    InputFormat f = format;
    if (f == InputFormat::automatic) {
        if (looks_like_fpuzzles(t))
            f = InputFormat::fpuzzles;
        else if (t.find('\n') != std::string_view::npos)
            f = InputFormat::grid;
        else if (looks_like_share(t, size))
            f = InputFormat::share;
        else
            f = InputFormat::line;
    }
    return {"arg:" + std::to_string(index), std::string(t), f};
}

}  // namespace np
