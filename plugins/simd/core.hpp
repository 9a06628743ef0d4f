// simd's solver, written once over a vector type V (lanes_*.hpp) and
// compiled once per path: path_avx512.cpp, path_avx2.cpp, path_sse41.cpp and
// path_portable.cpp each include their lanes header, define SIMD_PATH and
// include this file, so the four share every line of the algorithm and differ only in the
// instructions their vectors use. No include guard: one inclusion per path.
//
// The layout. One bit board per digit: bit set = the digit may still go in
// the cell. A board is four 32-bit words, one per band (rows 0-2, 3-5, 6-8)
// and one unused (always 0). Inside a band word, row r of the band takes
// bits 10r..10r+8 (column c at bit 10r+c) and bit 10r+9 is a spare, always
// 0 in a board: it lets a field-wise addition carry without reaching the
// next row, which is how "is this row empty / has it two or more" is
// answered for all 27 rows of a board in a few instructions.
//
// What a pass deduces, for every digit at once (units()):
//   * hidden singles: the digit's only place in a row, a column or a box is
//     fixed there;
//   * naked singles: a cell with one digit left is fixed to it (cells());
//   * a fixed place clears the digit from its row, column and box, and the
//     cell of every other digit;
//   * locked candidates: the digit's three rows of a band need three
//     different boxes, so a row-box meeting ("mini-row") that is in no such
//     matching of the band's 3x3 mini-rows is cleared; likewise the three
//     columns of a stack and its mini-columns. For a 3x3 matching this is
//     exactly the box-line rule (pointing and claiming) to a fixed point.
// Every one of these is one of the proof checker's rules (docs/proofs.md):
// this solver's propagation is a subset of the checker's, so its proofs
// need no ELIMINATE nodes (README.md, "Proofs").
//
// A contradiction is a row, column or box without a place for a digit, a
// cell without a digit, or a cell fixed to two digits. The search branches
// on a cell with two candidates when there is one (the first such cell),
// else on a cell with the fewest, trying its values in ascending order.

#ifndef SIMD_PATH
#error "define SIMD_PATH (the path's namespace) before including core.hpp"
#endif

namespace simd::SIMD_PATH {

// ---- The layout's constants --------------------------------------------------------

constexpr uint32_t kRow = 0x1FF;                               // one row's nine cells
constexpr uint32_t kOnes = 1u | 1u << 10 | 1u << 20;           // bit 0 of each row field
constexpr uint32_t kFields = kRow * kOnes;                     // the 27 cells of a band
constexpr uint32_t kSpare = kOnes << 9;                        // each row's spare bit
constexpr uint32_t kTriads = 0x49u * kOnes;                    // the first cell of each mini-row
constexpr uint32_t kBoxes = 0x49;                              // a band's three boxes, folded to row 0
constexpr int kDigits = 9;
constexpr int kGroups = (kDigits + kDigitsPerVector - 1) / kDigitsPerVector;
constexpr int kBoards = kGroups * kDigitsPerVector;            // AVX2: one padding board, all zero

// The cell of bit `bit` in band `band`'s word.
inline int cell_of(int band, int bit) { return (band * 3 + bit / 10) * 9 + bit % 10; }
inline int band_of(int cell) { return cell / 27; }
inline uint32_t bit_of(int cell) { return 1u << (cell % 27 / 9 * 10 + cell % 9); }

// A vector's width: the alignment its loads and stores need.
constexpr int kVectorBytes = 16 * kDigitsPerVector;

struct alignas(kVectorBytes) State {
    uint32_t board[kBoards][4];
    uint32_t fixed[kBoards][4];  // places known, whose peers are cleared already
};

// ---- Field-wise helpers on one vector ----------------------------------------------

// The spare bit of every row whose field is not empty.
inline V rows_nonzero(V x) { return and_(add(x, lanes3(kFields)), lanes3(kSpare)); }
// Spare bits widened to their whole row fields (0x200 - 1 = 0x1FF per row).
inline V spread_rows(V spare) { return sub(spare, srl<9>(spare)); }
// The spare bit of every row with two or more bits: x & (x - 1) per field;
// the spares set first keep an empty field's borrow inside it.
inline V rows_multi(V x) { return rows_nonzero(and_(x, sub(or_(x, lanes3(kSpare)), lanes3(kOnes)))); }
// Columns: the nine columns of a band folded to row 0, then over the bands.
inline V fold_rows(V x) { return and_(or_(x, or_(srl<10>(x), srl<20>(x))), lanes3(kRow)); }
inline V over_bands(V c) { return or_(c, or_(rot1(c), rot2(c))); }
// Spreading is a multiplication: the copies never overlap, so nothing carries.
inline V spread_columns(V c) { return mul(c, lanes3(kOnes)); }
// Mini-rows: bit 10r+3k set when the row has the digit in box k.
inline V triads(V x) { return and_(or_(x, or_(srl<1>(x), srl<2>(x))), lanes3(kTriads)); }
inline V spread_triads(V t) { return mul(t, lanes3(7)); }
inline V spread_boxes(V b) { return mul(b, lanes3(7 * kOnes)); }
inline V fold_boxes(V t) { return and_(or_(t, or_(srl<10>(t), srl<20>(t))), lanes3(kBoxes)); }
// At least two of a, b, c.
inline V two_of(V a, V b, V c) { return or_(and_(a, b), and_(c, or_(a, b))); }

// The mini-rows that lie in some matching of the band's three rows to its
// three boxes: present, and the 2x2 minor of the other rows and boxes has a
// matching too. Row r+1 (r+2) moved to row r: next_row (after_row); box k+1
// (k+2) moved to box k: next_box (after_box), all cyclic.
inline V next_box(V m) { return and_(or_(srl<3>(m), sll<6>(m)), lanes3(kTriads)); }
inline V after_box(V m) { return and_(or_(srl<6>(m), sll<3>(m)), lanes3(kTriads)); }
inline V next_row(V m) { return and_(or_(srl<10>(m), sll<20>(m)), lanes3(kTriads)); }
inline V after_row(V m) { return and_(or_(srl<20>(m), sll<10>(m)), lanes3(kTriads)); }
inline V matched(V m) {
    const V b1 = next_box(m), b2 = after_box(m);
    const V minor = or_(and_(next_row(b1), after_row(b2)), and_(next_row(b2), after_row(b1)));
    return and_(m, minor);
}

// The same for a stack: its three columns need three different bands. The
// mini-columns are fold_rows(x) (word b, bit c: column c has the digit in
// band b); column c+1 (c+2) of the same stack moved to c: next_column
// (after_column); band b+1 (b+2): rot1 (rot2).
inline V next_column(V m) { return or_(and_(srl<1>(m), lanes3(0xDB)), and_(sll<2>(m), lanes3(0x124))); }
inline V after_column(V m) { return or_(and_(srl<2>(m), lanes3(0x49)), and_(sll<1>(m), lanes3(0x1B6))); }
inline V matched_columns(V m) {
    const V c1 = next_column(m), c2 = after_column(m);
    return and_(m, or_(and_(rot1(c1), rot2(c2)), and_(rot1(c2), rot2(c1))));
}

// ---- Counting over the digits: count-to-three per cell -----------------------------

struct Counts {
    V one, two, three;  // cells with at least one, two, three digits
};

inline void count_in(Counts& c, V x) {
    c.three = or_(c.three, and_(c.two, x));
    c.two = or_(c.two, and_(c.one, x));
    c.one = or_(c.one, x);
}

// With several digits per vector, each part has counted its own digits:
// merge them, one partner swap at a time, until every part has all.
inline Counts merged(Counts c) {
    for (int step = 0; step < kFoldSteps; ++step) {
        const Counts o{partner(c.one, step), partner(c.two, step), partner(c.three, step)};
        c = {or_(c.one, o.one), or_(or_(c.two, o.two), and_(c.one, o.one)),
             or_(or_(c.three, o.three), or_(and_(c.two, o.one), and_(o.two, c.one)))};
    }
    return c;
}

// Lanes that hold a real digit: a padding board (the last group's, on
// AVX2 and AVX-512) must not read as a digit without a place.
inline V valid(int group) {
    const V all = lanes3(0x7FFFFFFF);
    return group == kGroups - 1 ? first_digits(all, kDigits - group * kDigitsPerVector) : all;
}

// ---- Propagation ---------------------------------------------------------------------

enum class Status { dead, solved, open };

class Propagation {
public:
    // To a fixed point. On `open`, bivalue() / counts tell where to branch.
    Status run(State& s) {
        for (int g = 0; g < kGroups; ++g) fixed_[g] = load(s.fixed[g * kDigitsPerVector]);
        for (bool& d : dirty_) d = true;
        all_fixed_ = zero();
        if (!cells(s, false)) return Status::dead;
        for (;;) {
            bool changed = false;
            ++passes_;
            if (!units(s, changed)) return Status::dead;
            if (!cells(s, true, &changed)) return Status::dead;
            if (!changed) break;
        }
        return any(counts_.two) ? Status::open : Status::solved;
    }

    // Cells with exactly two digits, and with two or more (word 0..2 = band;
    // each array holds one vector, kVectorBytes aligned).
    void open_cells(uint32_t* two_only, uint32_t* several) const {
        store(two_only, but(counts_.two, counts_.three));
        store(several, counts_.two);
    }

private:
    // Applies the digits' fixed cells to the other digits and counts the
    // digits per cell. False on a cell without a digit.
    bool cells(State& s, bool apply, bool* changed = nullptr) {
        Counts c{zero(), zero(), zero()};
        V diff = zero();
        for (int g = 0; g < kGroups; ++g) {
            uint32_t* w = s.board[g * kDigitsPerVector];
            V x = load(w);
            if (apply) {
                const V kept = and_(x, or_(fixed_[g], but(valid(g), all_fixed_)));
                const V d = xor_(x, kept);
                if (any(d)) dirty_[g] = true;
                diff = or_(diff, d);
                x = kept;
                store(w, x);
            }
            count_in(c, x);
        }
        counts_ = merged(c);
        if (changed != nullptr && any(diff)) *changed = true;
        naked_ = but(counts_.one, counts_.two);
        return !any(but(lanes3(kFields), counts_.one));
    }

    // Every unit rule for every digit. False on a contradiction.
    bool units(State& s, bool& changed) {
        V bad = zero(), diff = zero();
        Counts fixed_count{zero(), zero(), zero()};
        for (int g = 0; g < kGroups; ++g) {
            uint32_t* w = s.board[g * kDigitsPerVector];
            const V x = load(w);
            // A board the last pass left as it was, without a new naked
            // single, has nothing new to give: its fixed places stand.
            if (dirty_[g] || any(but(and_(x, naked_), fixed_[g]))) {
                V f;
                const V y = one_digit(x, fixed_[g], valid(g), f, bad);
                const V d = xor_(x, y);
                dirty_[g] = any(d);
                diff = or_(diff, d);
                store(w, y);
                fixed_[g] = f;
                store(s.fixed[g * kDigitsPerVector], f);
                if (any(bad)) return false;  // a unit without the digit: stop at once
            }
            count_in(fixed_count, fixed_[g]);
        }
        const Counts fc = merged(fixed_count);
        if (any(fc.two)) return false;  // a cell fixed to two digits
        all_fixed_ = fc.one;
        if (any(diff)) changed = true;
        return true;
    }

    // One digit's board (or two, on AVX2): finds its fixed places `f`,
    // clears their peers, applies the band matchings; ORs what is broken
    // into `bad`.
    V one_digit(V x, V known, V ok, V& f, V& bad) const {
        // Rows, boxes and columns with no place, or with exactly one.
        const V row_any = rows_nonzero(x);
        const V row_single = but(x, spread_rows(rows_multi(x)));
        const V t1 = triads(x);
        const V t2 = and_(two_of(x, srl<1>(x), srl<2>(x)), lanes3(kTriads));
        const V box_any = fold_boxes(t1);
        const V box_two = and_(or_(fold_boxes(t2), two_of(t1, srl<10>(t1), srl<20>(t1))), lanes3(kBoxes));
        const V c1 = fold_rows(x);
        const V c2 = and_(two_of(x, srl<10>(x), srl<20>(x)), lanes3(kRow));
        const V col_any = over_bands(c1);
        const V pairs = and_(c1, rot1(c1));
        const V col_two = or_(over_bands(c2), over_bands(pairs));
        bad = or_(bad, and_(ok, or_(but(lanes3(kSpare), row_any),
                                    or_(but(lanes3(kBoxes), box_any), but(lanes3(kRow), col_any)))));
        f = or_(row_single, and_(x, or_(spread_boxes(but(box_any, box_two)),
                                        or_(spread_columns(but(col_any, col_two)), naked_))));
        // Peers of the places fixed since the last look: the rest of their
        // rows, columns and boxes (the known ones' are cleared already).
        const V fresh = but(f, known);
        const V peers = !any(fresh) ? zero()
                                    : or_(spread_rows(rows_nonzero(fresh)),
                                          or_(spread_columns(over_bands(fold_rows(fresh))),
                                              spread_boxes(fold_boxes(triads(fresh)))));
        const V locked = and_(spread_triads(matched(t1)), spread_columns(matched_columns(c1)));
        return and_(and_(x, or_(f, but(lanes3(kFields), peers))), locked);
    }

public:
    uint64_t passes_ = 0;  // unit passes, for the `passes` counter

private:
    V fixed_[kGroups];
    bool dirty_[kGroups];  // changed since its last unit pass
    V all_fixed_, naked_;
    Counts counts_;
};

// ---- The search ----------------------------------------------------------------------

class Search {
public:
    Search(const Job& job, Outcome& out) : job_(job), out_(out), random_(job.shuffle) {}

    void run() {
        load(stack_[0]);
        node(0);
    }
    uint64_t passes() const { return propagation_.passes_; }

private:
    void load(State& s) const {
        for (int d = 0; d < kBoards; ++d)
            for (int band = 0; band < 4; ++band) {
                s.board[d][band] = d < kDigits && band < 3 ? kFields : 0;
                s.fixed[d][band] = 0;
            }
        for (int cell = 0; cell < kCells; ++cell) {
            const int given = job_.givens[cell];
            if (given == 0 && job_.masks == nullptr) continue;  // every digit may go there
            const unsigned mask = given != 0 ? 1u << given : job_.masks[cell];
            for (int d = 0; d < kDigits; ++d)
                if (!(mask & (2u << d))) s.board[d][band_of(cell)] &= ~bit_of(cell);
        }
    }

    // Explores stack_[depth]; true when the whole search must stop.
    bool node(int depth) {
        if (job_.hooks->spent()) {
            out_.stopped = true;
            return true;
        }
        ++out_.nodes;
        State& s = stack_[depth];
        const Status status = propagation_.run(s);
        if (status != Status::open) {
            if (job_.proving) job_.hooks->leaf();
            return status == Status::solved && record(s);
        }
        ++out_.guesses;
        int values[kDigits];
        const int cell = branch_cell(s);
        int n = 0;
        for (int d = 0; d < kDigits; ++d)
            if (s.board[d][band_of(cell)] & bit_of(cell)) values[n++] = d + 1;
        if (job_.proving) job_.hooks->split(cell, values, n);
        if (job_.shuffle != 0 && !job_.proving) shuffle(values, n);  // a proof lists them in order
        for (int i = 0; i < n; ++i) {
            State& child = stack_[depth + 1];
            child = s;
            for (int d = 0; d < kDigits; ++d)
                if (d + 1 != values[i]) child.board[d][band_of(cell)] &= ~bit_of(cell);
            if (node(depth + 1)) return true;
        }
        return false;
    }

    // A cell with two candidates when there is one, else one with the
    // fewest; among those, the one whose row, column and box hold the most
    // open cells (its two branches then propagate furthest), the first on
    // a tie.
    int branch_cell(const State& s) const {
        alignas(kVectorBytes) uint32_t two_only[4 * kDigitsPerVector], open[4 * kDigitsPerVector];
        propagation_.open_cells(two_only, open);
        const bool bivalue = (two_only[0] | two_only[1] | two_only[2]) != 0;
        int best = -1, best_n = kDigits + 1, best_score = -1;
        for (int band = 0; band < 3; ++band)
            for (uint32_t w = bivalue ? two_only[band] : open[band]; w != 0; w &= w - 1) {
                const int bit = __builtin_ctz(w);
                int n = 2;
                if (!bivalue) {
                    n = 0;
                    for (int d = 0; d < kDigits; ++d) n += (s.board[d][band] >> bit) & 1;
                }
                const int score = open_peers(two_only, band, bit) + open_peers(open, band, bit);
                if (n < best_n || (n == best_n && score > best_score))
                    best = cell_of(band, bit), best_n = n, best_score = score;
            }
        return best;
    }

    // Open cells in the row, the column and the box of the cell at `bit` of
    // `band` (the cell itself three times).
    static int open_peers(const uint32_t* open, int band, int bit) {
        const int row = bit / 10, col = bit % 10, stack = col / 3;
        const uint32_t column = (1u | 1u << 10 | 1u << 20) << col;
        const uint32_t box = 0x7u * (1u | 1u << 10 | 1u << 20) << (3 * stack);
        return __builtin_popcount(open[band] & (kRow << (10 * row))) + __builtin_popcount(open[band] & box) +
               __builtin_popcount(open[0] & column) + __builtin_popcount(open[1] & column) +
               __builtin_popcount(open[2] & column);
    }

    bool record(const State& s) {
        if (out_.count < 2) {
            uint8_t* grid = out_.solution[out_.count];
            for (int d = 0; d < kDigits; ++d)
                for (int band = 0; band < 3; ++band)
                    for (uint32_t w = s.board[d][band]; w != 0; w &= w - 1)
                        grid[cell_of(band, __builtin_ctz(w))] = static_cast<uint8_t>(d + 1);
        }
        return ++out_.count >= job_.limit;
    }

    // Fisher-Yates with xorshift64*: the order of a generator's grid.
    void shuffle(int* values, int n) {
        for (int i = n - 1; i > 0; --i) {
            random_ ^= random_ >> 12, random_ ^= random_ << 25, random_ ^= random_ >> 27;
            const int j = static_cast<int>((random_ * 0x2545F4914F6CDD1Dull) >> 33) % (i + 1);
            const int t = values[i];
            values[i] = values[j], values[j] = t;
        }
    }

    const Job& job_;
    Outcome& out_;
    uint64_t random_;
    Propagation propagation_;
    State stack_[kCells + 1];
};

void run(const Job& job, Outcome& out) {
    out = Outcome{};
    Search search(job, out);
    search.run();
    out.passes = search.passes();
}

}  // namespace simd::SIMD_PATH
