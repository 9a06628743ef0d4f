// Proof files (harness/proofs/proof_file.hpp): `numplace solve --proof`
// writes them, `numplace prove-check` checks them. Files made by hand here
// (a 4x4 puzzle whose proof is one leaf: the checker's propagation solves
// it) and by the proving plugins; then edited as a user or an attacker
// might, each edit rejected with its located reason and exit code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "numplace/format.hpp"
#include "numplace/proof_writer.hpp"
#include "proofs/proof_file.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::test::run_cli;
using nlohmann::json;

// Four givens, solved by singles alone (the checker's propagation): its
// proof is one leaf. Without any one given it has several solutions.
const std::string kFour = "1..4.........32.";
const std::string kFourSolution = "1234341221434321";
// r1c4 must be 4, and column 4 has one already: no solution, at the root.
const std::string kFourNone = "123....4........";

struct Scratch {
    fs::path dir;
    Scratch() {
        char name[] = "/tmp/numplace-proofs-XXXXXX";
        dir = mkdtemp(name);
    }
    ~Scratch() { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
};

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// One leaf, through the prover's writer, as a plugin would emit it.
std::string leaf_proof() {
    std::string bytes;
    np::proof::ProofWriter writer({2, 2}, [&](std::string_view chunk) { bytes.append(chunk); });
    writer.leaf();
    writer.flush();
    return bytes;
}

// A proof file for `puzzle` with `claim`, written through the library.
void write_proof_file(const std::string& path, const std::string& puzzle, np::ProofClaim claim,
                      const std::string& witness, const std::string& proof) {
    np::proofs::ProofFileHeader header;
    header.puzzle = np::test::parse(puzzle);
    header.claim = claim;
    if (!witness.empty()) header.witness = np::test::parse(witness);
    header.plugin = "hand-made";
    header.plugin_version = "1";
    header.numplace_version = "test";
    np::proofs::ProofFileWriter writer;
    ASSERT_TRUE(writer.add(proof));
    std::string error;
    ASSERT_TRUE(writer.commit(path, header, error)) << error;
}

// The file's header lines and its proof bytes, to edit.
struct Parts {
    std::vector<std::string> lines;  // without the blank line
    std::string proof;
    std::string join() const {
        std::string out;
        for (const auto& line : lines) out += line + "\n";
        return out + "\n" + proof;
    }
};
Parts parts_of(const std::string& path) {
    const std::string text = np::test::read_file(path);
    const std::size_t end = text.find("\n\n");
    Parts parts;
    std::istringstream header(text.substr(0, end + 1));
    for (std::string line; std::getline(header, line);) parts.lines.push_back(line);
    parts.proof = text.substr(end + 2);
    return parts;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

np::test::CliRun prove_check(const std::vector<std::string>& files) {
    std::vector<std::string> args{"prove-check"};
    args.insert(args.end(), files.begin(), files.end());
    return run_cli(args);
}

// ---- By hand -------------------------------------------------------------------

TEST(ProofFiles, TheHeaderSaysWhatItProves) {
    const Scratch scratch;
    const std::string file = scratch.path("four.np");
    write_proof_file(file, kFour, np::ProofClaim::unique(), kFourSolution, leaf_proof());
    EXPECT_EQ(np::test::read_file(file), "numplace proof 1\n"
                                         "shape 2x2\n"
                                         "puzzle 1..4.........32.\n"
                                         "claim unique\n"
                                         "witness 1234341221434321\n"
                                         "plugin hand-made 1\n"
                                         "numplace test\n"
                                         "bytes 1\n"
                                         "\n" +
                                             leaf_proof());
}

TEST(ProofFiles, AnHonestFileIsChecked) {
    const Scratch scratch;
    const std::string unique = scratch.path("unique.np"), none = scratch.path("none.np");
    write_proof_file(unique, kFour, np::ProofClaim::unique(), kFourSolution, leaf_proof());
    write_proof_file(none, kFourNone, np::ProofClaim::none(), "", leaf_proof());
    auto run = prove_check({unique, none});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, unique + ": checked: unique, 1 node, 1 byte\n" + none + ": checked: none, 1 node, 1 byte\n");
    EXPECT_EQ(run.err, "");

    run = run_cli({"prove-check", "--format", "json", unique});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    const json row = json::parse(run.out);
    EXPECT_EQ(row["file"], unique);
    EXPECT_EQ(row["status"], "checked");
    EXPECT_EQ(row["claim"], "unique");
    EXPECT_EQ(row["witness"], kFourSolution);
    EXPECT_EQ(row["plugin"], "hand-made");
    EXPECT_EQ(row["bytes"], 1);
    EXPECT_EQ(row["solutions"], 1);
    EXPECT_FALSE(row.contains("reason"));
}

// Each edit of an honest file, and the reason prove-check must give.
struct Edit {
    const char* name;
    std::function<void(Parts&)> apply;
    std::string reason;
};

TEST(ProofFiles, EveryEditIsRejectedWithItsLocatedReason) {
    const std::vector<Edit> edits = {
        {"bytes cut", [](Parts& p) { p.proof.clear(); },
         "the file ends after 0 of the 1 proof bytes line 8 announces"},
        {"trailing bytes", [](Parts& p) { p.proof += '\0'; }, "trailing bytes after the 1 proof bytes line 8 announces"},
        {"bytes line shortened to match a cut", [](Parts& p) { p.proof.clear(), p.lines[7] = "bytes 0"; },
         "the proof is empty"},
        {"a clue removed (several solutions)", [](Parts& p) { p.lines[2] = "puzzle 1..4.........3.."; },
         "node 1: a leaf, but r"},
        {"claim none", [](Parts& p) { p.lines[3] = "claim none", p.lines.erase(p.lines.begin() + 4); },
         "the proof shows 1 solution, but the claim is none"},
        {"claim count 2", [](Parts& p) { p.lines[3] = "claim count 2", p.lines.erase(p.lines.begin() + 4); },
         "the proof shows 1 solution, not the 2 claimed"},
        {"claim none, witness kept", [](Parts& p) { p.lines[3] = "claim none"; },
         "line 5: a witness, but the claim is none (only a unique claim has one)"},
        {"claim garbled", [](Parts& p) { p.lines[3] = "claim several"; },
         "line 4: claim: expected unique, none or count N, found 'several'"},
        {"witness with two cells swapped", [](Parts& p) { p.lines[4] = "witness 2134341221434321"; },
         "line 5: witness: "},
        {"witness missing", [](Parts& p) { p.lines.erase(p.lines.begin() + 4); },
         "line 5: expected 'witness SOLUTION', found 'plugin hand-made 1'"},
        {"shape line missing", [](Parts& p) { p.lines.erase(p.lines.begin() + 1); },
         "line 2: expected 'shape RxC', found 'puzzle 1..4.........32.'"},
        {"bytes line missing", [](Parts& p) { p.lines.pop_back(); },
         "line 8: expected 'bytes N', found an empty line"},
        {"puzzle of another shape", [](Parts& p) { p.lines[1] = "shape 3x3"; }, "line 3: puzzle: "},
        {"another version", [](Parts& p) { p.lines[0] = "numplace proof 2"; },
         "line 1: proof file version '2'; this numplace reads version 1"},
        {"not a proof file", [](Parts& p) { p.lines[0] = kFour; },
         "line 1: not a numplace proof file (expected 'numplace proof 1', found '1..4.........32.')"},
        {"a carriage return", [](Parts& p) { p.lines[1] += "\r"; },
         "line 2: a byte that is not printable ASCII (0x0d)"},
    };
    const Scratch scratch;
    const std::string honest = scratch.path("honest.np");
    write_proof_file(honest, kFour, np::ProofClaim::unique(), kFourSolution, leaf_proof());
    for (const Edit& edit : edits) {
        SCOPED_TRACE(edit.name);
        Parts parts = parts_of(honest);
        edit.apply(parts);
        const std::string file = scratch.path("edited.np");
        write_bytes(file, parts.join());
        const auto run = prove_check({file});
        EXPECT_EQ(run.exit_code, 1);
        EXPECT_EQ(run.out.rfind(file + ": rejected: " + edit.reason, 0), 0u) << run.out;
        EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << "one line: " << run.out;
        EXPECT_EQ(run.err, "numplace: 1 of 1 proof files: 1 invalid (first: " + file + ")\n");
    }
}

TEST(ProofFiles, AFileThatCannotBeReadIsAnIoErrorAndTheOthersAreStillChecked) {
    const Scratch scratch;
    const std::string good = scratch.path("good.np"), missing = scratch.path("missing.np");
    const std::string empty = scratch.path("empty.np");
    write_proof_file(good, kFour, np::ProofClaim::unique(), kFourSolution, leaf_proof());
    write_bytes(empty, "");
    auto run = prove_check({scratch.dir.string(), missing, empty, good});
    EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
    EXPECT_EQ(run.out, scratch.dir.string() + ": cannot read (Is a directory)\n" + missing +
                           ": cannot read (No such file or directory)\n" + empty +
                           ": rejected: line 1: the file is empty\n" + good + ": checked: unique, 1 node, 1 byte\n");

    run = run_cli({"prove-check", "--format", "json", missing});
    EXPECT_EQ(run.exit_code, 2);
    const json row = json::parse(run.out);
    EXPECT_EQ(row["status"], "unreadable");
    EXPECT_EQ(row["reason"], "cannot read (No such file or directory)");
    EXPECT_FALSE(row.contains("claim"));

    run = run_cli({"prove-check"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, "numplace prove-check: name at least one proof file\n");
}

TEST(ProofFiles, ABigProofIsReadInChunksAndKeptOutOfMemoryWhenWritten) {
    // More than the writer keeps in memory and than one read: 3 MiB of
    // leaves after the root's one. The file round-trips byte for byte, and
    // the checker names the first byte past the tree.
    const Scratch scratch;
    const std::string file = scratch.path("big.np");
    const std::string proof = leaf_proof() + std::string(3 << 20, '\0');
    write_proof_file(file, kFour, np::ProofClaim::unique(), kFourSolution, proof);
    EXPECT_EQ(parts_of(file).proof, proof);
    const auto run = prove_check({file});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, file + ": rejected: trailing bytes after the root's tree\n");
}

TEST(ProofFiles, AFileIsWrittenWholeOrNotAtAll) {
    const Scratch scratch;
    const std::string file = scratch.path("no-such-folder/four.np");
    np::proofs::ProofFileWriter writer;
    ASSERT_TRUE(writer.add(leaf_proof()));
    np::proofs::ProofFileHeader header;
    header.puzzle = np::test::parse(kFour);
    header.witness = np::test::parse(kFourSolution);
    std::string error;
    EXPECT_FALSE(writer.commit(file, header, error));
    EXPECT_EQ(error.rfind(file + ": cannot write (", 0), 0u) << error;
}

// ---- The flags of solve --proof, before any plugin proves ------------------------

TEST(ProofFiles, SolveRefusesProofFlagsThatCannotWork) {
    const Scratch scratch;
    const std::string file = scratch.path("p.np");
    auto run = run_cli({"solve", "--plugin", "backtrack", "--proof", file, kFour});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err.rfind("numplace: backtrack cannot write proofs (it can:", 0), 0u) << run.err;
    EXPECT_EQ(run.out, "");
    run = run_cli({"solve", "--plugin", "backtrack", "--max-proof-bytes", "100", kFour});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, "numplace solve: --max-proof-bytes needs --proof\n");
    run = run_cli({"count", "--plugin", "exhaustive-count", "--proof", "-", kFour});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, "numplace count: --proof -: a proof file is binary; name a file\n");
    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", file, "--max-proof-bytes", "0", kFour});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_FALSE(fs::exists(file));
}

// ---- solve --proof and count --proof, with the proving plugins ------------------

// Arto Inkala's puzzle: bitmask-mrv has to branch on it.
const std::string kInkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const std::string kInkalaSolution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
// Row 1 holds 1..8 and column 9 already has a 9: no solution.
const std::string kNoSolution =
    "12345678.........9...............................................................";

// "proof: checked (201 bytes), written to FILE" -> 201; 0 when it is not that line.
uint64_t checked_bytes(const std::string& line, const std::string& file) {
    const std::string head = "proof: checked (", tail = " bytes), written to " + file;
    if (line.rfind(head, 0) != 0 || !line.ends_with(tail)) return 0;
    std::string digits = line.substr(head.size(), line.size() - head.size() - tail.size());
    std::erase(digits, ',');
    return std::stoull(digits);
}

TEST(ProofFiles, SolveWritesTheCheckedProofAndProveCheckAcceptsIt) {
    const Scratch scratch;
    const std::string file = scratch.path("inkala.np"), again = scratch.path("inkala-in-process.np");
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", file, kInkala});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto rows = lines_of(run.out);
    ASSERT_EQ(rows.size(), 2u) << run.out;
    EXPECT_EQ(rows[0], kInkalaSolution);
    const uint64_t bytes = checked_bytes(rows[1], file);
    EXPECT_GT(bytes, 1u) << run.out;  // bitmask-mrv branches on this one: more than a leaf
    const Parts parts = parts_of(file);
    EXPECT_EQ(parts.lines, (std::vector<std::string>{"numplace proof 1", "shape 3x3", "puzzle " + kInkala, "claim unique",
                                                     "witness " + kInkalaSolution,
                                                     "plugin bitmask-mrv " + np::test::bundled_plugin("bitmask-mrv").version(),
                                                     "numplace 0.2.0", "bytes " + std::to_string(bytes)}));
    EXPECT_EQ(parts.proof.size(), bytes);

    // In this process the same search writes the same bytes.
    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--in-process", "--proof", again, kInkala});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(np::test::read_file(again), np::test::read_file(file));

    run = prove_check({file});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out.rfind(file + ": checked: unique, ", 0), 0u) << run.out;
    EXPECT_TRUE(run.out.ends_with(" nodes, " + np::proofs::grouped(bytes) + " bytes\n")) << run.out;
}

TEST(ProofFiles, NoneAndExactCountsAreSavedAndChecked) {
    const Scratch scratch;
    const std::string none = scratch.path("none.np"), count = scratch.path("count.np");
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", none, kNoSolution});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("none\nproof: checked (", 0), 0u) << run.out;
    EXPECT_EQ(parts_of(none).lines.at(3), "claim none");
    EXPECT_EQ(parts_of(none).lines.at(4).rfind("plugin bitmask-mrv ", 0), 0u);  // no witness line

    // The empty 4x4 grid with one given: 288 / 4 = 72 completions.
    run = run_cli({"count", "--plugin", "exhaustive-count", "--proof", count, "1..............."});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("72\nproof: checked (", 0), 0u) << run.out;
    EXPECT_EQ(parts_of(count).lines.at(3), "claim count 72");

    run = run_cli({"prove-check", "--format", "json", none, count});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto rows = lines_of(run.out);
    ASSERT_EQ(rows.size(), 2u) << run.out;
    const json first = json::parse(rows[0]), second = json::parse(rows[1]);
    EXPECT_EQ(first["status"], "checked");
    EXPECT_EQ(first["claim"], "none");
    EXPECT_EQ(first["solutions"], 0);
    EXPECT_EQ(second["status"], "checked");
    EXPECT_EQ(second["claim"], "count 72");
    EXPECT_EQ(second["solutions"], 72);
    EXPECT_EQ(second["plugin"], "exhaustive-count");
}

TEST(ProofFiles, EditsOfASavedProofAreRejected) {
    const Scratch scratch;
    const std::string file = scratch.path("inkala.np");
    ASSERT_EQ(run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", file, kInkala}).exit_code, 0);
    const Parts honest = parts_of(file);
    const std::size_t half = honest.proof.size() / 2;
    // The last given (the 4 in r9c7) removed: the puzzle then has several
    // solutions, and the proof misses the candidates that given took away.
    std::string fewer = kInkala;
    fewer[78] = '.';
    ASSERT_EQ(fewer.find('4', 70), std::string::npos);
    const std::vector<Edit> edits = {
        {"bytes cut", [&](Parts& p) { p.proof.resize(half); },
         "the file ends after " + np::proofs::grouped(half) + " of the "},
        {"bytes cut and the bytes line to match", [&](Parts& p) {
             p.proof.resize(half), p.lines[7] = "bytes " + std::to_string(half);
         }, "the proof ends "},
        {"trailing bytes", [](Parts& p) { p.proof += std::string(2, '\0'); }, "trailing bytes after the "},
        {"a given removed", [&](Parts& p) { p.lines[2] = "puzzle " + fewer; }, "node "},
        {"claim none", [](Parts& p) { p.lines[3] = "claim none", p.lines.erase(p.lines.begin() + 4); },
         "the proof shows 1 solution, but the claim is none"},
        {"claim count 2", [](Parts& p) { p.lines[3] = "claim count 2", p.lines.erase(p.lines.begin() + 4); },
         "the proof shows 1 solution, not the 2 claimed"},
        {"witness edited", [](Parts& p) { p.lines[4][8 + 1] = '2'; },  // r1c2: 1 -> 2, twice in row 1
         "line 5: witness: "},
        {"claim line missing", [](Parts& p) { p.lines.erase(p.lines.begin() + 3); },
         "line 4: expected 'claim unique|none|count N', found 'witness "},
    };
    for (const Edit& edit : edits) {
        SCOPED_TRACE(edit.name);
        Parts parts = honest;
        edit.apply(parts);
        const std::string edited = scratch.path("edited.np");
        write_bytes(edited, parts.join());
        const auto run = prove_check({edited, file});  // the honest one after it is still checked
        EXPECT_EQ(run.exit_code, 1);
        const auto rows = lines_of(run.out);
        ASSERT_EQ(rows.size(), 2u) << run.out;
        EXPECT_EQ(rows[0].rfind(edited + ": rejected: " + edit.reason, 0), 0u) << rows[0];
        EXPECT_EQ(rows[1].rfind(file + ": checked: unique", 0), 0u) << rows[1];
    }
}

TEST(ProofFiles, APatternGivesEachInputItsFileAndAPlainNameTakesOnePuzzle) {
    const Scratch scratch;
    const std::string pattern = scratch.path("p-{n}.np");
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", pattern}, kInkala + "\nnot a puzzle\n" + kNoSolution + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.err;  // the second input is invalid
    EXPECT_TRUE(fs::exists(scratch.path("p-1.np")));
    EXPECT_FALSE(fs::exists(scratch.path("p-2.np")));
    EXPECT_EQ(parts_of(scratch.path("p-3.np")).lines.at(3), "claim none");
    EXPECT_NE(run.out.find("proof: absent, " + scratch.path("p-2.np") + " not written: no puzzle to prove\n"),
              std::string::npos) << run.out;

    const std::string plain = scratch.path("one.np");
    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", plain}, kInkala + "\n" + kNoSolution + "\n");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, "numplace solve: --proof " + plain + " holds one puzzle's proof, and stdin:2 is a second "
                       "puzzle: put {n} in the name (--proof proof-{n}.np) for one file per puzzle\n");
    EXPECT_EQ(lines_of(run.out).size(), 2u) << run.out;  // the first puzzle's row and proof line
    EXPECT_EQ(parts_of(plain).lines.at(2), "puzzle " + kInkala);
}

TEST(ProofFiles, AProofNotWrittenLeavesTheFileAsItWasAndFailsTheRow) {
    const Scratch scratch;
    const std::string file = scratch.path("kept.np");
    write_bytes(file, "an older file\n");
    // forward-backward proves uniqueness by an ordering argument: no tree.
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--option", "uniqueness=forward-backward", "--proof", file,
                        kInkala});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, kInkalaSolution + "\nproof: absent, " + file +
                           " not written: the plugin cannot prove with these options\n");
    EXPECT_EQ(np::test::read_file(file), "an older file\n");

    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--limit", "1", "--proof", file, kInkala});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "found: " + kInkalaSolution + "\nproof: absent, " + file +
                           " not written: no complete search to prove\n");
    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", file, "--max-proof-bytes", "2", kInkala});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, kInkalaSolution + "\nproof: absent, " + file +
                           " not written: over the byte budget of 2 bytes (--max-proof-bytes)\n");
    run = run_cli({"solve", "--plugin", "bitmask-mrv", "--proof", file, "1..............."});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "multiple\nproof: absent, " + file + " not written: the search stopped at the limit of 2 "
                       "solutions; count --proof proves an exact count\n");
    EXPECT_EQ(np::test::read_file(file), "an older file\n");
    EXPECT_EQ(run.err, "numplace: 1 of 1 inputs: 1 failed (first: arg:1)\n");
}

TEST(ProofFiles, SolveJsonRowsCarryTheProof) {
    const Scratch scratch;
    const std::string file = scratch.path("inkala.np");
    const auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--format", "json", "--proof", file, kInkala});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json row = json::parse(run.out);
    EXPECT_EQ(row["verdict"], "unique");
    EXPECT_EQ(row["proof"]["status"], "checked");
    EXPECT_EQ(row["proof"]["file"], file);
    EXPECT_EQ(row["proof"]["written"], true);
    EXPECT_EQ(row["proof"]["bytes"], parts_of(file).proof.size());
    EXPECT_FALSE(row["proof"].contains("why"));
}

}  // namespace
