// A private temporary folder for a fuzz target's files, made once and
// removed when the target exits.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace np::fuzz {

inline const std::string& temp_dir() {
    // On the heap and never freed: the exit handler that removes the folder
    // runs after static destructors would have freed a static string.
    static const std::string* dir = [] {
        const char* base = std::getenv("TMPDIR");
        auto* made = new std::string(std::string(base && *base ? base : "/tmp") + "/numplace-fuzz-XXXXXX");
        if (mkdtemp(made->data()) == nullptr) std::abort();
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return made;
    }();
    return *dir;
}

}  // namespace np::fuzz
