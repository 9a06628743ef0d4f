// JSON rows and documents that stay valid UTF-8 (rows_json.hpp).
#include "cli/rows_json.hpp"

#include <algorithm>

#include "numplace/format.hpp"

namespace np::cli {

namespace {

// Cleans every string (and key) in `j`. `path` names where `j` sits; the
// dotted name is built only when something had to be replaced, since nearly
// every row is plain ASCII and this runs on every row.
void clean_strings(json& j, std::vector<const std::string*>& path, std::vector<std::string>& replaced_fields) {
    auto note = [&](const std::string* last_key, bool is_key) {
        std::string name;
        auto add = [&](const std::string& part) {
            if (!name.empty()) name += '.';
            name += utf8_clean(part);
        };
        for (const std::string* part : path) add(*part);
        if (last_key != nullptr) add(*last_key);
        if (is_key) name += " (key)";
        if (std::find(replaced_fields.begin(), replaced_fields.end(), name) == replaced_fields.end())
            replaced_fields.push_back(name);
    };
    if (j.is_string()) {
        if (is_utf8(j.get_ref<const std::string&>())) return;
        j = utf8_clean(j.get_ref<const std::string&>());
        note(nullptr, false);
    } else if (j.is_object()) {
        bool bad_key = false;  // a plugin names its own counters
        for (auto it = j.begin(); it != j.end() && !bad_key; ++it) bad_key = !is_utf8(it.key());
        if (bad_key) {
            json rebuilt = json::object();
            for (auto it = j.begin(); it != j.end(); ++it) {
                if (!is_utf8(it.key())) note(&it.key(), true);
                rebuilt[utf8_clean(it.key())] = std::move(it.value());
            }
            j = std::move(rebuilt);
        }
        for (auto it = j.begin(); it != j.end(); ++it) {
            path.push_back(&it.key());
            clean_strings(it.value(), path, replaced_fields);
            path.pop_back();
        }
    } else if (j.is_array()) {
        for (auto& element : j) clean_strings(element, path, replaced_fields);
    }
}

}  // namespace

void write_json_row(std::ostream& out, json& row) {
    std::vector<const std::string*> path;
    std::vector<std::string> replaced;
    if (row.is_object()) row.erase("not_utf8");  // a reused row drops the last one's
    clean_strings(row, path, replaced);
    if (!replaced.empty()) row["not_utf8"] = replaced;
    // Serialized into one buffer kept from row to row (a row a puzzle, at
    // 150,000 puzzles a second). error_handler_t::replace is a second guard;
    // clean_strings already made every string valid.
    thread_local std::string buffer;
    buffer.clear();
    nlohmann::detail::serializer<json> serializer(nlohmann::detail::output_adapter<char>(buffer), ' ',
                                                  json::error_handler_t::replace);
    serializer.dump(row, false, false, 0);
    buffer += '\n';
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

void write_json_row(std::ostream& out, json&& row) { write_json_row(out, row); }

std::string dump_document(json document) {
    std::vector<const std::string*> path;
    std::vector<std::string> replaced;
    clean_strings(document, path, replaced);
    if (!replaced.empty()) document["not_utf8"] = replaced;
    return document.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string puzzle_text(const Grid& puzzle) {
    return puzzle.has_candidates() ? format_candidates(puzzle) : format_line(puzzle);
}

}  // namespace np::cli
