// simd's portable path: core.hpp over lanes_portable.hpp (CMakeLists.txt gives this
// file alone its instruction set).
#include "job.hpp"
#include "lanes_portable.hpp"

#define SIMD_PATH portable
#include "core.hpp"
