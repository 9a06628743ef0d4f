// The input splitter two ways: split_input on the whole text, and the
// streaming read_items on the same bytes handed out in small chunks of random
// sizes. With no line over kMaxLineBytes both must give the same items (same
// origins, texts, formats), in the same order: streaming is only allowed to
// change when items arrive, never what they are.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "numplace/input.hpp"
#include "numplace/random.hpp"

namespace {

using np::Geometry;
using np::InputFormat;
using np::InputItem;

std::string describe(const InputItem& item) {
    return item.origin + " [" + std::to_string(static_cast<int>(item.format)) + "] \"" + item.text + "\"" +
           (item.problem.empty() ? "" : " problem: " + item.problem);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    np::fuzz::Bytes bytes(data, size);
    static const InputFormat kFormats[] = {InputFormat::automatic, InputFormat::automatic, InputFormat::line,
                                           InputFormat::grid, InputFormat::share};
    static const std::optional<Geometry> kSizes[] = {std::nullopt, std::nullopt, std::nullopt, Geometry{2, 2},
                                                     Geometry{2, 3}, Geometry{3, 3}, Geometry{4, 4}, Geometry{5, 5}};
    const uint8_t choice = bytes.byte();
    const InputFormat format = kFormats[choice % std::size(kFormats)];
    const std::optional<Geometry> shape = kSizes[(choice / std::size(kFormats)) % std::size(kSizes)];
    const uint8_t mode = bytes.byte();
    std::string text(bytes.rest());

    // read_items hands its text to split_input in segments of at least 64 KiB
    // (ending where nothing is pending): an input that small never shows a
    // segment boundary. So for one input in eight the text is repeated past
    // 64 KiB, by a length the mode byte varies, which puts boundaries where
    // any of its lines ends. (Only one in eight: these runs are slow.)
    const bool repeated = mode % 8 == 1;
    if (repeated && !text.empty()) {
        const std::size_t target = (std::size_t{1} << 16) + (mode / 8) * std::size_t{1024};
        std::string repeated;
        repeated.reserve(target + text.size());
        while (repeated.size() < target) repeated += text;
        text = std::move(repeated);
    }
    // Lines over kMaxLineBytes are items with a problem in read_items and
    // plain text in split_input: the two differ there by design.
    std::size_t longest = 0;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        longest = std::max(longest, end - start);
        start = end + 1;
    }
    if (longest > np::kMaxLineBytes) return 0;

    const std::vector<InputItem> whole = np::split_input(text, "fuzz", format, shape);

    np::Rng rng(mode * 0x9E3779B97F4A7C15ull + text.size());
    std::size_t at = 0;
    auto read = [&](char* buffer, std::size_t capacity) -> std::size_t {
        // 1 to 64 bytes, sometimes a few KiB: lines split across reads
        // anywhere, '\r' apart from its '\n', and long runs both. (Long
        // repeated texts mostly in KiB, or reading alone would take the time.)
        const std::size_t want =
            rng.below(8) == 0 || repeated ? 1 + rng.below(repeated ? 16384 : 8192) : 1 + rng.below(64);
        const std::size_t n = std::min({want, capacity, text.size() - at});
        std::copy_n(text.data() + at, n, buffer);
        at += n;
        return n;
    };
    std::vector<InputItem> streamed;
    const bool finished = np::read_items(read, "fuzz", format, shape, [&](InputItem&& item) {
        streamed.push_back(std::move(item));
        return true;
    });
    NP_FUZZ_CHECK(finished, "read_items stopped although every item was taken");
    NP_FUZZ_CHECK(at == text.size(), "read_items did not read to the end");

    const std::size_t common = std::min(whole.size(), streamed.size());
    for (std::size_t i = 0; i < common; ++i) {
        const InputItem& a = whole[i];
        const InputItem& b = streamed[i];
        NP_FUZZ_CHECK(a.origin == b.origin && a.text == b.text && a.format == b.format && a.problem == b.problem,
                      "item " + std::to_string(i) + " differs:\n  split_input: " + describe(a) +
                          "\n  read_items:  " + describe(b));
    }
    NP_FUZZ_CHECK(whole.size() == streamed.size(),
                  "split_input gave " + std::to_string(whole.size()) + " items, read_items " +
                      std::to_string(streamed.size()) +
                      (common < whole.size() ? "; first extra in split_input: " + describe(whole[common])
                                             : "; first extra in read_items: " + describe(streamed[common])));
    return 0;
}
