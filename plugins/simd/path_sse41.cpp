// simd's sse41 path: core.hpp over lanes_sse41.hpp (CMakeLists.txt gives this
// file alone its instruction set).
#include "job.hpp"
#include "lanes_sse41.hpp"

#define SIMD_PATH sse41
#include "core.hpp"
