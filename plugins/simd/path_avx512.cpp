// simd's avx512 path: core.hpp over lanes_avx512.hpp (CMakeLists.txt gives
// this file alone its instruction set).
#include "job.hpp"
#include "lanes_avx512.hpp"

#define SIMD_PATH avx512
#include "core.hpp"
