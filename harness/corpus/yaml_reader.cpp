// Turning yaml-cpp's parse events into one small tree per top-level item.
#include "corpus/yaml_reader.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <sstream>
#include <streambuf>
#include <unordered_map>
#include <utility>

#include "numplace/utf8.hpp"

namespace np::corpus::detail {

namespace {

// yaml-cpp's non-specific tags: "?" for a plain scalar or any collection,
// "!" for a quoted or block scalar. Anything else was written as a tag.
bool explicit_tag(const std::string& tag) { return !tag.empty() && tag != "?" && tag != "!"; }

std::string what_it_is(Node::Kind kind) {
    switch (kind) {
        case Node::Kind::map: return "a map";
        case Node::Kind::scalar: return "a single value";
        case Node::Kind::null: return "nothing";
        case Node::Kind::sequence: break;
    }
    return "a sequence";
}

// A node's share of memory besides its text (the struct and its place in
// its parent's vector), for the item bound.
constexpr std::size_t kNodeBytes = sizeof(Node);

// Passes a stream on to yaml-cpp until more than kMaxItemText bytes go by
// without a top-level item ending, then ends it there. yaml-cpp keeps a whole
// scalar in memory, and in flow collections every token until it knows
// whether a key follows (about 230 bytes per '[' of "[[[[..."), so the text
// of one entry is what bounds the reader's memory. Bytes are handed out in
// small pieces, so that the count is close to what yaml-cpp has consumed.
class TextCap final : public std::streambuf {
public:
    explicit TextCap(std::istream& in) : in_(in) {}
    int cut_line() const { return cut_served_ ? cut_line_ : 0; }  // 0: not cut
    // An item ended: the text after it starts the count again.
    void boundary() { since_ = static_cast<std::size_t>(egptr() - gptr()); }

private:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (cut_line_ != 0) {  // the bytes before the cut are all consumed
            cut_served_ = true;
            return traits_type::eof();
        }
        in_.read(buffer_, sizeof buffer_);
        std::size_t n = static_cast<std::size_t>(in_.gcount());
        for (std::size_t i = 0; i < n; ++i) {
            if (buffer_[i] == '\n') ++line_;
            if (++since_ > kMaxItemText) {
                cut_line_ = line_;
                n = i;
                break;
            }
        }
        if (n == 0) return cut_line_ != 0 ? underflow() : traits_type::eof();
        setg(buffer_, buffer_, buffer_ + n);
        return traits_type::to_int_type(buffer_[0]);
    }

    std::istream& in_;
    char buffer_[4096];
    int line_ = 1;
    std::size_t since_ = 0;  // bytes since the last item ended
    int cut_line_ = 0;
    bool cut_served_ = false;
};

constexpr const char* kNoEntries =
    "the file holds no entries: a corpus file is a sequence of entries, each starting with '- ' (write [] for none)";

class ItemBuilder final : public YAML::EventHandler {
public:
    ItemBuilder(const std::function<void(const Node&)>& on_item,
                const std::function<void(ReadError)>& on_error, TextCap& cap)
        : on_item_(on_item), on_error_(on_error), cap_(cap) {}

    // The line of the first entry left out because the reading was cut, or 0.
    int first_cut_item() const { return first_cut_item_; }

    bool saw_root() const { return root_seen_; }

    // yaml-cpp 0.7 cannot place a ',' outside [ ] or { }: it reports an empty
    // document there and starts the next one at the same place, forever
    // (yaml-cpp issue #1040). A document that starts where the last one did
    // means the parser is stuck.
    bool stuck() const { return stuck_; }

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (documents_ > 0 && mark.pos == last_document_pos_) {
            stuck_ = true;
            pending_.clear();  // that document was no document, only the stuck place
            error(mark, "YAML syntax error: the reader cannot go on from here (a ',' outside [ ] or { "
                        "}?): the file is not read past here");
            ignore_rest_ = true;
            return;
        }
        last_document_pos_ = mark.pos;
        finish_reading();
        if (++documents_ == 2) {
            // Told once we know the parser is not stuck there.
            pending_.push_back({mark.line + 1, mark.column + 1,
                                "a corpus file holds one YAML document, but a second one starts here"});
            ignore_rest_ = true;
        }
    }

    // Says what is still pending once the reading has ended or moved on.
    void finish_reading() {
        for (auto& e : pending_) on_error_(std::move(e));
        pending_.clear();
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (skipping()) return;
        begin_item(mark);
        Node n = make(Node::Kind::null, mark, anchor);
        if (!root_seen_) return root_is_not_a_sequence(n, false);
        finish(std::move(n));
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (skipping()) return;
        begin_item(mark);
        // An alias stands for a copy of what its anchor names; the copy
        // keeps its own places, the alias gives the place of the whole.
        Node n;
        if (auto it = anchors_.find(anchor); it != anchors_.end()) {
            if (it->second.bytes == kDropped) drop(mark, "refers to an anchor whose entry was skipped");
            else charge(it->second.bytes, mark);
            if (!dropping_) n = it->second;
        }
        n.line = mark.line + 1;
        n.column = mark.column + 1;
        n.anchor = 0;
        if (!root_seen_) return root_is_not_a_sequence(n, false);
        finish(std::move(n));
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        if (skipping()) return;
        check_tag(mark, tag);
        begin_item(mark);
        Node n = make(Node::Kind::scalar, mark, anchor);
        n.quoted = tag == "!";
        charge(value.size(), mark);
        n.bytes += value.size();
        // YAML is UTF-8 text; a byte that is not would be written back as
        // U+FFFD, so the entry would not survive a round trip.
        if (!is_utf8(value)) drop(mark, "holds text that is not valid UTF-8 (corpus files are UTF-8)");
        if (!dropping_) n.text = value;
        if (!root_seen_) return root_is_not_a_sequence(n, false);
        finish(std::move(n));
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        start(Node::Kind::sequence, mark, tag, anchor);
    }
    void OnSequenceEnd() override { end(); }

    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        start(Node::Kind::map, mark, tag, anchor);
    }
    void OnMapEnd() override { end(); }

private:
    static constexpr std::size_t kDropped = static_cast<std::size_t>(-1);

    Node make(Node::Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
        Node n;
        n.kind = kind;
        n.line = mark.line + 1;
        n.column = mark.column + 1;
        n.anchor = static_cast<unsigned>(anchor);
        n.bytes = kNodeBytes;
        charge(kNodeBytes, mark);
        return n;
    }

    // A new top-level item starts unless one is being built.
    void begin_item(const YAML::Mark& mark) {
        if (!stack_.empty() || !root_seen_) return;
        item_bytes_ = 0;
        dropping_ = false;
        item_mark_ = mark;
    }

    // Counts what the item being built holds; past the bound it is dropped
    // (its nodes are still walked, but nothing is kept).
    void charge(std::size_t bytes, const YAML::Mark& mark) {
        item_bytes_ += bytes;
        if (item_bytes_ > kMaxItemBytes && !dropping_)
            drop(mark, "holds more than 1 MiB once its aliases are expanded (an alias bomb?)");
    }

    void drop(const YAML::Mark&, const std::string& why) {
        if (dropping_) return;
        dropping_ = true;
        error(item_mark_, "this entry " + why + ": skipped");
        for (auto& open : stack_) open.children.clear();
    }

    bool skipping() const { return ignore_rest_ || skip_depth_ > 0; }

    void error(const YAML::Mark& mark, std::string message) {
        on_error_(ReadError{mark.line + 1, mark.column + 1, std::move(message)});
    }

    void check_tag(const YAML::Mark& mark, const std::string& tag) {
        if (explicit_tag(tag))
            error(mark, "YAML tags (here '" + tag + "') are not used in corpus files; remove it");
    }

    void root_is_not_a_sequence(const Node& n, bool collection) {
        root_seen_ = true;
        if (n.is_null())  // an empty document: told unless the parser is stuck there
            pending_.push_back({n.line, n.column, kNoEntries});
        else
            on_error_({n.line, n.column,
                       "the top level must be a sequence of entries, each starting with '- ', "
                       "not " + what_it_is(n.kind)});
        if (collection) skip_depth_ = 1;
    }

    void start(Node::Kind kind, const YAML::Mark& mark, const std::string& tag,
               YAML::anchor_t anchor) {
        if (ignore_rest_) return;
        if (skip_depth_ > 0) {
            ++skip_depth_;
            return;
        }
        check_tag(mark, tag);
        begin_item(mark);
        Node n = make(kind, mark, anchor);
        if (!root_seen_) {
            if (kind == Node::Kind::sequence) {
                root_seen_ = true;
                cap_.boundary();
                return;
            }
            return root_is_not_a_sequence(n, true);
        }
        stack_.push_back(std::move(n));
    }

    void end() {
        if (ignore_rest_) return;
        if (skip_depth_ > 0) {
            --skip_depth_;
            return;
        }
        if (stack_.empty()) return;  // the top-level sequence ends
        Node n = std::move(stack_.back());
        stack_.pop_back();
        finish(std::move(n));
    }

    // A complete node: an item of the top level, or part of the one being built.
    void finish(Node n) {
        if (n.anchor != 0) {
            Node& kept = anchors_[n.anchor];
            kept = dropping_ ? Node{} : n;
            if (dropping_) kept.bytes = kDropped;
            kept.anchor = 0;
        }
        n.anchor = 0;
        if (!stack_.empty()) {
            stack_.back().bytes += n.bytes;
            if (!dropping_) stack_.back().children.push_back(std::move(n));
            return;
        }
        cap_.boundary();
        if (dropping_) return;
        if (cap_.cut_line() != 0) {  // maybe cut short: not delivered
            if (first_cut_item_ == 0) first_cut_item_ = n.line;
            return;
        }
        on_item_(n);
    }

    const std::function<void(const Node&)>& on_item_;
    const std::function<void(ReadError)>& on_error_;
    std::vector<Node> stack_;  // the collections being read, outermost first
    TextCap& cap_;
    std::unordered_map<YAML::anchor_t, Node> anchors_;
    std::size_t item_bytes_ = 0;  // the item being built
    bool dropping_ = false;       // it is over the bound
    YAML::Mark item_mark_;
    int first_cut_item_ = 0;
    int documents_ = 0;
    int last_document_pos_ = -1;
    std::vector<ReadError> pending_;  // about the current document
    bool stuck_ = false;
    bool root_seen_ = false;
    bool ignore_rest_ = false;
    int skip_depth_ = 0;  // inside a top level that is not a sequence
};

}  // namespace

void read_sequence(std::istream& yaml, const std::function<void(const Node&)>& on_item,
                   const std::function<void(ReadError)>& on_error) {
    TextCap cap(yaml);
    std::istream capped(&cap);
    ItemBuilder builder(on_item, on_error, cap);
    auto report_cut = [&] {
        if (cap.cut_line() == 0) return;
        std::string what = "more than 256 KiB of text in one entry: the file is not read past here";
        if (builder.first_cut_item() != 0)
            what += " (entries from line " + std::to_string(builder.first_cut_item()) + " on are left out)";
        on_error({cap.cut_line(), 1, what});
    };
    try {
        YAML::Parser parser(capped);
        while (!builder.stuck() && parser.HandleNextDocument(builder)) {
        }
        builder.finish_reading();
    } catch (const YAML::Exception& e) {
        builder.finish_reading();
        if (cap.cut_line() != 0) return report_cut();  // the cut made the syntax error
        ReadError err;
        if (!e.mark.is_null()) {
            err.line = e.mark.line + 1;
            err.column = e.mark.column + 1;
        }
        if (dynamic_cast<const YAML::DeepRecursion*>(&e) != nullptr)
            err.message = "YAML nested deeper than the reader allows (" +
                          std::to_string(static_cast<const YAML::DeepRecursion&>(e).depth()) +
                          " levels): the file is not read past here";
        else
            err.message = "YAML syntax error: " + e.msg;
        on_error(std::move(err));
        return;
    }
    report_cut();
    if (!builder.saw_root() && cap.cut_line() == 0 && !builder.stuck())
        on_error({1, 1, kNoEntries});
}

void read_sequence(std::string_view yaml, const std::function<void(const Node&)>& on_item,
                   const std::function<void(ReadError)>& on_error) {
    std::istringstream in{std::string(yaml)};
    read_sequence(in, on_item, on_error);
}

}  // namespace np::corpus::detail
