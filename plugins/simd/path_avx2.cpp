// simd's avx2 path: core.hpp over lanes_avx2.hpp (CMakeLists.txt gives this
// file alone its instruction set).
#include "job.hpp"
#include "lanes_avx2.hpp"

#define SIMD_PATH avx2
#include "core.hpp"
