// The parent's certificate of an answer read from a worker. The worker runs
// plugin code, so whatever its frame says is a claim: the ABI's contract is
// checked again, the verdict is derived here from the numbers and the
// parent's own Plugin (never the worker's), and every witness, violation and
// generated grid is certified (certify.hpp) against the request the parent
// sent. The worker's Session certified too, but only as an early filter.
//
// Each function returns "" when the frame fits its request, and otherwise
// what does not (the row then fails as "protocol: ..."): a claim no Session
// could make, such as fault none with a failing status. An answer that fits
// but breaks the ABI or its certificate becomes Fault::malformed or
// Fault::wrong in `out`, as the in-process host would have made it.
#pragma once

#include <string>

#include "numplace/host.hpp"

namespace np::runner {

std::string settle_solve(const Plugin& plugin, const Grid& puzzle, uint64_t limit, SolveOutcome& out);
std::string settle_check(const Plugin& plugin, const Grid& grid, CheckOutcome& out);
std::string settle_generate(const Plugin& plugin, const Geometry& geometry, np_generate_kind kind,
                            uint64_t first_index, uint64_t count, GenerateOutcome& out);

}  // namespace np::runner
