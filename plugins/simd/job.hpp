// simd: what the plugin's glue (plugin.cpp) and the four compiled paths
// (path_avx512.cpp, path_avx2.cpp, path_sse41.cpp, path_portable.cpp) share. Plain structs
// and one interface of virtual calls, nothing inline: each path is compiled
// with its own instruction set, and an inline function defined in two of
// them could be merged by the linker into one that needs AVX2 or AVX-512.
#pragma once

#include <cstdint>

namespace simd {

constexpr int kCells = 81;

// What a search asks of its caller while it runs: the budget (polled once
// per node) and, when a proof is wanted, the tree in pre-order.
class Hooks {
public:
    virtual bool spent() = 0;                                     // true: stop now
    virtual void leaf() = 0;                                      // a dead end or a solution
    virtual void split(int cell, const int* values, int count) = 0;  // then one subtree per value
protected:
    ~Hooks() = default;
};

struct Job {
    const uint8_t* givens = nullptr;   // 81 values, 0 = empty
    const uint16_t* masks = nullptr;   // 81 candidate masks (bit v: value v may go there), or nullptr
    uint64_t limit = 1;                // stop after this many solutions
    Hooks* hooks = nullptr;
    bool proving = false;              // report the tree through hooks
    uint64_t shuffle = 0;              // 0: values ascending at each branching; else a seed for a random order
};

struct Outcome {
    uint64_t count = 0;                // solutions found, up to the limit
    uint8_t solution[2][kCells] = {};  // the first two
    uint64_t nodes = 0;                // states propagated
    uint64_t guesses = 0;              // branching nodes
    uint64_t passes = 0;               // propagation passes over every unit of every digit
    bool stopped = false;              // the budget ran out
};

// One per path; each is compiled for its instruction set.
namespace avx512 { void run(const Job& job, Outcome& out); }
namespace avx2 { void run(const Job& job, Outcome& out); }
namespace sse41 { void run(const Job& job, Outcome& out); }
namespace portable { void run(const Job& job, Outcome& out); }

}  // namespace simd
