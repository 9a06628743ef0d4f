#include "numplace/verdict.hpp"

#include <array>

namespace np {

namespace {
constexpr std::array<std::string_view, 7> kNames = {"invalid", "none",    "found", "unique",
                                                    "multiple", "unknown", "error"};
}

std::string_view verdict_name(Verdict v) { return kNames[static_cast<std::size_t>(v)]; }

std::optional<Verdict> verdict_from_name(std::string_view name) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == name) return static_cast<Verdict>(i);
    return std::nullopt;
}

Verdict decide_verdict(uint64_t count, uint32_t stop, bool plugin_can_prove) {
    if (count >= 2) return Verdict::multiple;
    // Only a plugin that declares it can prove uniqueness may end a search
    // with a conclusion about what is not there.
    if (stop == NP_STOP_EXHAUSTED && plugin_can_prove) return count == 0 ? Verdict::none : Verdict::unique;
    return count == 1 ? Verdict::found : Verdict::unknown;
}

}  // namespace np
