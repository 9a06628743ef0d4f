// Proof files: a proof a user can save and check later, with everything the
// check needs beside it (docs/proofs.md, "Proof files"). A few text lines,
// always in this order, a blank line, then exactly the announced bytes:
//
//   numplace proof 1          the format and its version
//   shape 3x3                 the box shape (R x C)
//   puzzle 4.....8.5.3...     the puzzle, in line format
//   claim unique              unique | none | count N
//   witness 417369825...      the one solution (only with claim unique)
//   plugin bitmask-mrv 1.2.0  what wrote the proof: its name and version
//   numplace 0.2.0            the numplace that checked and saved it
//   bytes 1234                the proof's length
//                             (a blank line)
//   <1234 bytes: the case-split tree, docs/proofs.md>
//
// The reader refuses anything else with one located line ("line 3: ...",
// or a node of the proof), and reads the proof in chunks: a file of any
// size costs memory bounded by the grid, never by the proof.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "numplace/format.hpp"
#include "numplace/grid.hpp"
#include "numplace/proof.hpp"

namespace np::proofs {

constexpr int kProofFileVersion = 1;

struct ProofFileHeader {
    Grid puzzle;                   // its geometry is the shape line's
    ProofClaim claim;
    std::optional<Grid> witness;   // present exactly when the claim is unique
    std::string plugin, plugin_version;
    std::string numplace_version;
    uint64_t bytes = 0;            // the proof's length
};

// "unique", "none", "count 12": the claim as a header line says it.
std::string claim_text(const ProofClaim& claim);
using np::grouped;  // 1234567 -> "1,234,567" (numplace/format.hpp)

// The header's text, through the blank line that ends it. Characters a
// header line may not hold (spaces in a name, bytes outside printable
// ASCII) become '?', so that what is written can always be read back.
std::string header_text(const ProofFileHeader& header);

// The claim an answer makes, as ProofIntake judged it: unique (with its
// witness), none, or an exact count; nullopt for an answer that claims
// nothing provable (not a complete search).
std::optional<ProofClaim> claim_of(const SolveOutcome& outcome);

// Collects a proof's bytes as they come (in memory up to a point, then in an
// unnamed temporary file), then writes the whole proof file through
// output::OutputFile: the target is replaced only once every byte is on
// disk, and left as it was when anything fails.
class ProofFileWriter {
public:
    ProofFileWriter();
    ~ProofFileWriter();
    ProofFileWriter(const ProofFileWriter&) = delete;
    ProofFileWriter& operator=(const ProofFileWriter&) = delete;

    // False once a byte could not be kept (the error says why).
    bool add(std::string_view bytes);
    uint64_t size() const { return size_; }
    // Writes the header (its `bytes` set to size()) and the bytes to
    // `path`. False and `error` ("PATH: cannot write (why)") on failure.
    bool commit(const std::string& path, ProofFileHeader header, std::string& error);

private:
    static constexpr std::size_t kInMemory = 1 << 20;  // past this, the bytes go to a temporary file
    std::string memory_;
    std::FILE* spill_ = nullptr;
    uint64_t size_ = 0;
    std::string error_;
};

// What became of one proof file.
struct FileCheck {
    enum class Status { checked, rejected, unreadable };
    Status status = Status::unreadable;
    std::string reason;     // rejected: "line 3: ..." or the checker's "node 12: ..."; unreadable: why
    bool header_read = false;  // whether `header` holds the file's header
    ProofFileHeader header;
    ProofResult result;     // the checker's, once the proof was read
    uint64_t check_micros = 0;
};
const char* status_name(FileCheck::Status status);

// Reads the file at `path` (a stream: a FIFO works too), checks its header
// (the witness is re-certified: it keeps the givens and obeys the rules),
// then feeds the proof to np::ProofChecker in chunks and judges the
// header's claim. `stop`, when set, is asked between chunks (an interrupt);
// a stopped check is rejected with reason "interrupted".
FileCheck check_proof_file(const std::string& path, const std::function<bool()>& stop = {});

}  // namespace np::proofs
