// numplace prove-check: saved proof files (solve --proof) checked again by
// the framework's checker, trusting nothing in them: the header's witness is
// re-certified, and the proof must prove the header's claim about its puzzle.
#include <iostream>

#include "cli/commands/commands.hpp"
#include "numplace/format.hpp"
#include "proofs/proof_file.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

using proofs::FileCheck;

std::string plural(uint64_t n, const std::string& noun) {
    return proofs::grouped(n) + " " + noun + (n == 1 ? "" : "s");
}

// "FILE: checked: unique, 1,234 nodes, 5,678 bytes", "FILE: rejected: node 12: ...".
void write_text(std::ostream& out, const std::string& file, const FileCheck& c) {
    out << utf8_clean(file) << ": ";
    switch (c.status) {
        case FileCheck::Status::checked:
            out << "checked: " << proofs::claim_text(c.header.claim) << ", " << plural(c.result.nodes, "node") << ", "
                << plural(c.result.bytes, "byte") << "\n";
            return;
        case FileCheck::Status::rejected: out << "rejected: " << utf8_clean(c.reason) << "\n"; return;
        case FileCheck::Status::unreadable: out << utf8_clean(c.reason) << "\n"; return;
    }
}

void write_json(std::ostream& out, const std::string& file, const FileCheck& c) {
    json j{{"file", file}, {"status", proofs::status_name(c.status)}};
    if (c.status != FileCheck::Status::checked) j["reason"] = c.reason;
    if (c.header_read) {
        const proofs::ProofFileHeader& h = c.header;
        j["size"] = h.puzzle.geometry.name();
        j["puzzle"] = format_line(h.puzzle);
        j["claim"] = proofs::claim_text(h.claim);
        j["count"] = h.claim.count;
        j["witness"] = h.witness ? json(format_line(*h.witness)) : json(nullptr);
        j["plugin"] = h.plugin;
        j["plugin_version"] = h.plugin_version;
        j["numplace_version"] = h.numplace_version;
        j["bytes"] = h.bytes;
        j["nodes"] = c.result.nodes;
        j["solutions"] = c.result.solutions;
        j["check_micros"] = c.check_micros;
    }
    write_json_row(out, std::move(j));
}

int run(const Args& args, Streams io) {
    if (args.texts("FILE").empty()) {  // here, not by CLI11: its message would not be one of ours
        io.err << "numplace prove-check: name at least one proof file\n";
        return kExitUsage;
    }
    const bool as_json = args.text("--format") == "json";
    Tally tally;
    for (const std::string& file : args.texts("FILE")) {
        if (interrupted()) break;
        const FileCheck check = proofs::check_proof_file(file, [] { return interrupted(); });
        if (interrupted()) break;  // a file cut short by the interrupt gets no row
        tally.row();
        if (check.status == FileCheck::Status::rejected) tally.invalid(file);
        if (check.status == FileCheck::Status::unreadable) tally.io_error();
        if (as_json) write_json(io.out, file, check);
        else write_text(io.out, file, check);
        io.out.flush();  // a long check's row is out before the next begins
    }
    return tally.finish(io.err, "proof files");
}

}  // namespace

Command prove_check_command() {
    return {{"prove-check"},
            "Check saved proof files (solve --proof): their claim, witness and proof",
            "Each FILE gets one row: 'FILE: checked: unique, 1,234 nodes, 5,678 bytes' (or none, count N), "
            "'FILE: rejected: <where and why>' (a header line, or the proof's node: docs/proofs.md), or "
            "'FILE: cannot read (<why>)'. The witness must keep the puzzle's givens and obey the rules, and the "
            "proof must prove the claim with the framework's checker; the proof is read in chunks, never whole. "
            "Exit 0 when every file was checked, 1 when one was rejected, 2 when one could not be read (the other "
            "files are still checked).",
            {FlagSpec("FILE", FlagKind::texts, "Proof files written by numplace solve --proof or count --proof"),
             flags::format({"text", "json"}, "text")},
            run};
}

}  // namespace np::cli
