#include "proofs/proof_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <vector>

#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/format.hpp"
#include "output/output_file.hpp"

namespace np::proofs {

namespace {

constexpr std::size_t kChunk = 64 * 1024;
constexpr std::size_t kMaxLine = 16384;  // a 25x25 candidate line is 15,625 symbols

bool printable(char c) { return c >= 0x20 && c <= 0x7e; }

std::string header_safe(std::string text, bool allow_spaces) {
    for (char& c : text)
        if (!printable(c) || (!allow_spaces && c == ' ')) c = '?';
    return text.empty() ? "?" : text;
}

std::optional<uint64_t> parse_whole(std::string_view text) {
    uint64_t value = 0;
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A file read through one buffer: the header's lines, then raw chunks.
class Input {
public:
    explicit Input(int fd) : fd_(fd), buffer_(kChunk) {}
    enum class Line { ok, end, too_long, failed };

    // The next line without its '\n'. `end` when the file ends before one
    // (a last line without '\n' included: a header line always has one).
    Line line(std::string& out) {
        out.clear();
        for (;;) {
            if (pos_ == end_ && !fill()) return failed_ ? Line::failed : Line::end;
            const char* start = buffer_.data() + pos_;
            const void* newline = std::memchr(start, '\n', end_ - pos_);
            const std::size_t take = newline ? static_cast<const char*>(newline) - start : end_ - pos_;
            out.append(start, take);
            pos_ += take;
            if (out.size() > kMaxLine) return Line::too_long;
            if (newline) {
                ++pos_;
                return Line::ok;
            }
        }
    }
    // The next bytes, as many as the buffer holds; empty at the end (or on
    // a failure: failed() tells).
    std::string_view chunk() {
        if (pos_ == end_ && !fill()) return {};
        std::string_view bytes(buffer_.data() + pos_, end_ - pos_);
        pos_ = end_;
        return bytes;
    }
    bool failed() const { return failed_; }
    const std::string& error() const { return error_; }

private:
    bool fill() {
        pos_ = end_ = 0;
        for (;;) {
            const ssize_t got = ::read(fd_, buffer_.data(), buffer_.size());
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) {
                failed_ = true;
                error_ = std::strerror(errno);
            }
            if (got <= 0) return false;
            end_ = static_cast<std::size_t>(got);
            return true;
        }
    }

    int fd_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0, end_ = 0;
    bool failed_ = false;
    std::string error_;
};

// Reads the header a line at a time, naming the line of the first problem.
class HeaderParser {
public:
    HeaderParser(Input& in, FileCheck& check) : in_(in), check_(check) {}

    // The line that announced the proof's length, once read.
    int bytes_line() const { return bytes_line_; }

    bool read(ProofFileHeader& h) {
        const auto magic = next();
        if (!magic) return false;
        if (*magic != "numplace proof " + std::to_string(kProofFileVersion)) {
            if (magic->rfind("numplace proof ", 0) == 0)
                return fail("proof file version " + quoted(magic->substr(15)) + "; this numplace reads version " +
                            std::to_string(kProofFileVersion));
            return fail("not a numplace proof file (expected 'numplace proof " + std::to_string(kProofFileVersion) +
                        "', found " + quoted(*magic) + ")");
        }
        return read_puzzle(h) && read_claim(h) && read_origin(h) && read_end();
    }

private:
    bool read_puzzle(ProofFileHeader& h) {
        const auto shape_text = field("shape", "RxC");
        if (!shape_text) return false;
        const auto shape = Geometry::parse(*shape_text);
        if (!shape) return fail("shape: expected a box shape RxC (e.g. 3x3), found " + quoted(*shape_text));
        const auto puzzle = field("puzzle", "PUZZLE");
        if (!puzzle) return false;
        return grid(*puzzle, *shape, "puzzle", h.puzzle);
    }

    bool read_claim(ProofFileHeader& h) {
        const auto claim = field("claim", "unique|none|count N");
        if (!claim) return false;
        if (*claim == "unique") h.claim = ProofClaim::unique();
        else if (*claim == "none") h.claim = ProofClaim::none();
        else if (auto n = claim->rfind("count ", 0) == 0 ? parse_whole(claim->substr(6)) : std::nullopt)
            h.claim = ProofClaim::exactly(*n);
        else return fail("claim: expected unique, none or count N, found " + quoted(*claim));
        if (h.claim.kind != ProofClaim::Kind::unique) return true;
        const auto witness = field("witness", "SOLUTION");
        if (!witness) return false;
        h.witness.emplace();
        if (!grid(*witness, h.puzzle.geometry, "witness", *h.witness)) return false;
        if (auto problem = certify_solution(h.puzzle, *h.witness); !problem.empty())
            return fail("witness: " + problem);
        return true;
    }

    bool read_origin(ProofFileHeader& h) {
        const bool unique = h.claim.kind == ProofClaim::Kind::unique;
        const auto plugin = field("plugin", "NAME VERSION", unique ? "" : "a witness, but the claim is " +
                                                                              claim_text(h.claim) +
                                                                              " (only a unique claim has one)");
        if (!plugin) return false;
        const std::size_t space = plugin->find(' ');
        if (space == 0 || space == std::string::npos || space + 1 == plugin->size())
            return fail("plugin: expected 'plugin NAME VERSION', found " + quoted("plugin " + *plugin));
        h.plugin = plugin->substr(0, space);
        h.plugin_version = plugin->substr(space + 1);
        const auto numplace = field("numplace", "VERSION");
        if (!numplace) return false;
        h.numplace_version = *numplace;
        const auto bytes = field("bytes", "N");
        if (!bytes) return false;
        const auto n = parse_whole(*bytes);
        if (!n) return fail("bytes: expected a whole number, found " + quoted(*bytes));
        h.bytes = *n;
        bytes_line_ = line_;
        return true;
    }

    bool read_end() {
        const auto blank = next();
        if (!blank) return false;
        if (!blank->empty()) return fail("expected the blank line that ends the header, found " + quoted(*blank));
        return true;
    }

    // The next line, or nullopt (and the reason) when there is none or it
    // holds a byte a header may not.
    std::optional<std::string> next() {
        std::string text;
        ++line_;
        switch (in_.line(text)) {
            case Input::Line::ok: break;
            case Input::Line::end:
                return refuse(line_ == 1 && text.empty() ? "the file is empty" : "the file ends inside the header");
            case Input::Line::too_long: return refuse("longer than any header line (" + grouped(kMaxLine) + " bytes)");
            case Input::Line::failed: return std::nullopt;
        }
        for (char c : text)
            if (!printable(c)) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                return refuse(std::string("a byte that is not printable ASCII (") + hex + ")");
            }
        return text;
    }

    // The value of the next line, which must be "KEY VALUE". `instead` names
    // what it is when the line is the one a bad claim brought ("witness").
    std::optional<std::string> field(const std::string& key, const std::string& value_hint,
                                     const std::string& instead = "") {
        const auto text = next();
        if (!text) return std::nullopt;
        if (text->rfind(key + " ", 0) == 0 && text->size() > key.size() + 1) return text->substr(key.size() + 1);
        if (!instead.empty() && text->rfind("witness ", 0) == 0) return refuse(instead);
        return refuse("expected '" + key + " " + value_hint + "', found " + quoted(*text));
    }

    bool grid(const std::string& text, const Geometry& shape, const std::string& what, Grid& out) {
        ParseResult parsed = parse_line(text, shape);
        if (const Reason* reason = std::get_if<Reason>(&parsed)) return fail(what + ": " + reason->message);
        out = std::move(std::get<Grid>(parsed));
        return true;
    }

    static std::string quoted(const std::string& text) {
        if (text.empty()) return "an empty line";
        return "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "'";
    }
    bool fail(const std::string& why) {
        check_.reason = "line " + std::to_string(line_) + ": " + why;
        return false;
    }
    std::nullopt_t refuse(const std::string& why) {
        fail(why);
        return std::nullopt;
    }

    Input& in_;
    FileCheck& check_;
    int line_ = 0;
    int bytes_line_ = 0;
};

// Feeds the proof after the header to the checker, then judges the claim.
void check_body(Input& in, FileCheck& check, int bytes_line, const std::function<bool()>& stop) {
    const ProofFileHeader& h = check.header;
    ProofChecker checker(h.puzzle, h.bytes);
    uint64_t left = h.bytes;
    bool trailing = false, refused = false;
    for (std::string_view chunk = in.chunk(); !chunk.empty(); chunk = in.chunk()) {
        if (stop && stop()) {
            check.status = FileCheck::Status::rejected;
            check.reason = "interrupted";
            return;
        }
        const auto take = static_cast<std::size_t>(std::min<uint64_t>(left, chunk.size()));
        left -= take;
        trailing = take < chunk.size();
        refused = take > 0 && !checker.feed(chunk.substr(0, take));
        if (refused || trailing) break;  // nothing after this can change the verdict
    }
    if (in.failed()) {
        check.reason = "cannot read (" + in.error() + ")";
        return;
    }
    check.result = checker.finish(h.claim, h.witness ? &*h.witness : nullptr);
    const std::string announced =
        "the " + grouped(h.bytes) + " proof bytes line " + std::to_string(bytes_line) + " announces";
    check.status = FileCheck::Status::rejected;
    // A node the checker refused is the first problem; otherwise the file's
    // length, which the checker (fed only the announced bytes) cannot see.
    if (refused) check.reason = check.result.reason;
    else if (left > 0) check.reason = "the file ends after " + grouped(h.bytes - left) + " of " + announced;
    else if (trailing) check.reason = "trailing bytes after " + announced;
    else if (!check.result.accepted) check.reason = check.result.reason;
    else check.status = FileCheck::Status::checked;
}

}  // namespace

std::string claim_text(const ProofClaim& claim) {
    switch (claim.kind) {
        case ProofClaim::Kind::unique: return "unique";
        case ProofClaim::Kind::none: return "none";
        case ProofClaim::Kind::count: break;
    }
    return "count " + std::to_string(claim.count);
}

std::string header_text(const ProofFileHeader& h) {
    std::string out = "numplace proof " + std::to_string(kProofFileVersion) + "\n";
    out += "shape " + h.puzzle.geometry.name() + "\n";
    // A puzzle with pencilmarks as its candidate line: the proof is of that
    // problem, and the reader's parse_line takes the line back.
    out += "puzzle " + (h.puzzle.has_candidates() ? format_candidates(h.puzzle) : format_line(h.puzzle)) + "\n";
    out += "claim " + claim_text(h.claim) + "\n";
    if (h.witness) out += "witness " + format_line(*h.witness) + "\n";
    out += "plugin " + header_safe(h.plugin, false) + " " + header_safe(h.plugin_version, true) + "\n";
    out += "numplace " + header_safe(h.numplace_version, true) + "\n";
    out += "bytes " + std::to_string(h.bytes) + "\n\n";
    return out;
}

std::optional<ProofClaim> claim_of(const SolveOutcome& out) {
    if (out.fault != Fault::none || !out.complete) return std::nullopt;
    switch (out.verdict) {
        case Verdict::unique:
            if (out.solutions.empty()) return std::nullopt;
            return ProofClaim::unique();
        case Verdict::none: return ProofClaim::none();
        case Verdict::multiple: return ProofClaim::exactly(out.count);
        default: return std::nullopt;
    }
}

// ---- Writing ---------------------------------------------------------------------

ProofFileWriter::ProofFileWriter() = default;

ProofFileWriter::~ProofFileWriter() {
    if (spill_ != nullptr) std::fclose(spill_);
}

bool ProofFileWriter::add(std::string_view bytes) {
    if (!error_.empty()) return false;
    size_ += bytes.size();
    if (spill_ == nullptr && memory_.size() + bytes.size() <= kInMemory) {
        memory_.append(bytes);
        return true;
    }
    if (spill_ == nullptr) {
        spill_ = std::tmpfile();  // unnamed: nothing is left behind, whatever happens
        if (spill_ == nullptr || std::fwrite(memory_.data(), 1, memory_.size(), spill_) != memory_.size()) {
            error_ = std::string("cannot keep the proof in a temporary file (") + std::strerror(errno) + ")";
            return false;
        }
        memory_ = std::string();
    }
    if (std::fwrite(bytes.data(), 1, bytes.size(), spill_) != bytes.size()) {
        error_ = std::string("cannot keep the proof in a temporary file (") + std::strerror(errno) + ")";
        return false;
    }
    return true;
}

bool ProofFileWriter::commit(const std::string& path, ProofFileHeader header, std::string& error) {
    if (!error_.empty()) {
        error = path + ": " + error_;
        return false;
    }
    header.bytes = size_;
    auto file = output::OutputFile::open(path, error);
    if (!file) return false;
    file->write(header_text(header));
    if (spill_ == nullptr) {
        file->write(memory_);
    } else {
        std::rewind(spill_);
        std::vector<char> buffer(kChunk);
        for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), spill_)) > 0;)
            file->write(std::string_view(buffer.data(), got));
        if (std::ferror(spill_)) {
            error = path + ": cannot read the proof back from its temporary file";
            return false;  // the OutputFile aborts as it goes
        }
    }
    if (file->commit()) return true;
    error = file->error();
    return false;
}

// ---- Checking --------------------------------------------------------------------

const char* status_name(FileCheck::Status status) {
    switch (status) {
        case FileCheck::Status::checked: return "checked";
        case FileCheck::Status::rejected: return "rejected";
        case FileCheck::Status::unreadable: break;
    }
    return "unreadable";
}

FileCheck check_proof_file(const std::string& path, const std::function<bool()>& stop) {
    FileCheck check;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        check.reason = std::string("cannot read (") + std::strerror(errno) + ")";
        return check;
    }
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        check.reason = std::string("cannot read (") + std::strerror(EISDIR) + ")";
        return check;
    }
    Input in(fd);
    HeaderParser parser(in, check);
    const uint64_t start = monotonic_ns();
    if (parser.read(check.header)) {
        check.header_read = true;
        check_body(in, check, parser.bytes_line(), stop);
    } else if (in.failed()) {
        check.reason = "cannot read (" + in.error() + ")";
    } else {
        check.status = FileCheck::Status::rejected;
    }
    check.check_micros = (monotonic_ns() - start) / 1000;
    ::close(fd);
    return check;
}

}  // namespace np::proofs
