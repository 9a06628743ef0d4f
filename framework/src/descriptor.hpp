// Descriptor validation (descriptor.cpp): every field of a plugin's
// descriptor bounded before the host reads it.
#pragma once

#include <string>

#include "numplace/plugin_api.h"

namespace np {

// Why a descriptor cannot be used, or "" when it can. Nothing in it is read
// before it has been bounded here: the Plugin made from it reads only what
// passed.
std::string descriptor_problem(const np_plugin* d);

}  // namespace np
