// Turning yaml-cpp's parse events into one small tree per top-level item.
#include "yaml_reader.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <sstream>
#include <unordered_map>
#include <utility>

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

class ItemBuilder final : public YAML::EventHandler {
public:
    ItemBuilder(const std::function<void(const Node&)>& on_item,
                const std::function<void(ReadError)>& on_error)
        : on_item_(on_item), on_error_(on_error) {}

    bool saw_root() const { return root_seen_; }

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++documents_ == 2) {
            error(mark, "a corpus file holds one YAML document, but a second one starts here");
            ignore_rest_ = true;
        }
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (skipping()) return;
        Node n = make(Node::Kind::null, mark, anchor);
        if (!root_seen_) return root_is_not_a_sequence(n, false);
        finish(std::move(n));
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (skipping()) return;
        // An alias stands for a copy of what its anchor names; the copy
        // keeps its own places, the alias gives the place of the whole.
        Node n;
        if (auto it = anchors_.find(anchor); it != anchors_.end()) n = it->second;
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
        Node n = make(Node::Kind::scalar, mark, anchor);
        n.quoted = tag == "!";
        n.text = value;
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
    static Node make(Node::Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
        Node n;
        n.kind = kind;
        n.line = mark.line + 1;
        n.column = mark.column + 1;
        n.anchor = static_cast<unsigned>(anchor);
        return n;
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
        if (n.is_null())
            on_error_({n.line, n.column,
                       "the file holds no entries: a corpus file is a sequence of entries, each "
                       "starting with '- ' (write [] for none)"});
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
        Node n = make(kind, mark, anchor);
        if (!root_seen_) {
            if (kind == Node::Kind::sequence) {
                root_seen_ = true;
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
        if (n.anchor != 0) anchors_[n.anchor] = n;
        n.anchor = 0;
        if (stack_.empty())
            on_item_(n);
        else
            stack_.back().children.push_back(std::move(n));
    }

    const std::function<void(const Node&)>& on_item_;
    const std::function<void(ReadError)>& on_error_;
    std::vector<Node> stack_;  // the collections being read, outermost first
    std::unordered_map<YAML::anchor_t, Node> anchors_;
    int documents_ = 0;
    bool root_seen_ = false;
    bool ignore_rest_ = false;
    int skip_depth_ = 0;  // inside a top level that is not a sequence
};

}  // namespace

void read_sequence(std::string_view yaml, const std::function<void(const Node&)>& on_item,
                   const std::function<void(ReadError)>& on_error) {
    std::istringstream in{std::string(yaml)};
    ItemBuilder builder(on_item, on_error);
    try {
        YAML::Parser parser(in);
        while (parser.HandleNextDocument(builder)) {
        }
    } catch (const YAML::Exception& e) {
        ReadError err;
        if (!e.mark.is_null()) {
            err.line = e.mark.line + 1;
            err.column = e.mark.column + 1;
        }
        err.message = "YAML syntax error: " + e.msg;
        on_error(std::move(err));
        return;
    }
    if (!builder.saw_root())
        on_error({1, 1,
                  "the file holds no entries: a corpus file is a sequence of entries, each "
                  "starting with '- ' (write [] for none)"});
}

}  // namespace np::corpus::detail
