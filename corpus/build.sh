#!/bin/sh
# Rebuilds the generated corpus files from ../shared/datasets and the seeds.
#
#   corpus/build.sh            (after building: needs build/bin/numplace)
#
# No expected answer here is typed by hand: every expectation is computed by
# `numplace corpus import` (plugins that can prove uniqueness must agree, and
# must agree with the source's own solutions and counts where it gives them),
# or comes from the framework's rule check for grid-check entries. What this
# script writes by hand are the *inputs*: which dataset lines, and the
# invalid, unsolvable and other-size puzzles it derives from real ones.
# Samples are drawn with fixed seeds, so a rerun writes the same files.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
np=${NUMPLACE:-$root/build/bin/numplace}
data=${NUMPLACE_DATASETS:-$root/../shared/datasets}
seeds=${NUMPLACE_SEEDS:-$(dirname "$data")/seeds}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -x "$np" ] || { echo "build first: $np is missing" >&2; exit 2; }
[ -d "$data" ] || { echo "datasets folder $data is missing (set NUMPLACE_DATASETS)" >&2; exit 2; }

# import NAME FILE SOURCE [more import flags]: writes corpus/NAME.yaml
import() {
  name=$1 file=$2 source=$3
  shift 3
  echo "== $name" >&2
  "$np" corpus import "$file" --out "$here/$name.yaml" --source "$source" --id-prefix "$name" --tag "$name" "$@" \
    || echo "   ($name: some lines were refused; see above)" >&2
}

# ---- Public datasets (attribution as in ../shared/datasets/SOURCES.md) ------------

import 17clue "$data/17clue.txt" \
  "Gordon Royle's 17-clue list, completed by the enjoysudoku forum (CC BY 2.5), via tdoku data (wulalainlondon/sudokuzen:external_data/puzzles2_17_clue.txt @ 7b3d168f)" \
  --sample 300 --seed 17
import top95 "$data/top95.txt" \
  "magictour top95 (magictour.free.fr; ojizosan/sudoku-solver-go:top95.txt @ 48e20330)"
import top1465 "$data/top1465.txt" \
  "magictour top1465 (magictour.free.fr, via tdoku; balmerdx/sudoku_pytorch:data/puzzles3_magictour_top1465 @ 9c4391b1)" \
  --sample 200 --seed 1465
import top2365 "$data/top2365.txt" \
  "magictour top2365 (magictour.free.fr/top2365; mkb2091/msolve:bench_sudokus/top2365)" \
  --sample 200 --seed 2365
import forum-hardest-1905 "$data/forum_hardest_1905_11plus.txt" \
  "enjoysudoku forum hardest list ph_1905, SE > 11 subset, via tdoku (balmerdx/sudoku_pytorch:data/puzzles5_forum_hardest_1905_11+ @ 9c4391b1)" \
  --sample 200 --seed 1905

# The named puzzles of the hardest list (Golden Nugget, Easter Monster, ...)
# get the tag "named" and their name as a tag.
awk -F'\t' 'NR > 1 {
  n = split($2, part, ";"); tags = ""
  for (i = 1; i <= n; i++) {
    if (part[i] ~ /^(HardestSudokusThread-|tarx|pearly6000-|ultra)[0-9]/ || part[i] == "") continue
    name = part[i]; gsub(/[ ,]/, "_", name)
    tags = tags "," name
  }
  if (tags != "") printf "%d\tnamed%s\n", NR - 1, tags
}' "$data/hardest_110626.meta.tsv" > "$work/named.tsv"
import hardest-110626 "$data/hardest_110626.txt" \
  "enjoysudoku forum hardest sudokus thread, HardestDatabase110626 (diogenes25/Sudoku.NET:SudokuTest/TestData/HardestDatabase110626.txt)" \
  --line-tags "$work/named.tsv"

import eleven-hardest "$data/eleven_hardest.txt" \
  "forum user eleven's hardest list (sites.google.com/site/sudoeleven; diogenes25/Sudoku.NET:SudokuTest/TestData/ElevensHardestSudoku.txt)" \
  --sample 200 --seed 11
import exchange-diabolical "$data/exchange_diabolical.txt" \
  "Sudoku Exchange puzzle bank, diabolical (grantm/sudoku-exchange-puzzle-bank:diabolical.txt; public domain)" \
  --sample 200 --seed 39719
import kaggle1m "$data/kaggle_1m_first1000.txt" \
  "Kaggle 1 million Sudoku games (bryanpark/sudoku), first 1000 rows with their solutions (svasylyeva/Pyuzzle:Project/data/sudoku1000.csv)" \
  --solutions "$data/kaggle_1m_first1000.solutions.txt" --sample 200 --seed 1000
import euler96 "$data/euler96.txt" \
  "Project Euler problem 96 (p096_sudoku.txt; diogenes25/Sudoku.NET:SudokuTest/TestData/sudoku.txt)"
import norvig-hardest "$data/norvig_hardest.txt" \
  "Norvig's hardest.txt from the essay 'Solving Every Sudoku Puzzle' (ojizosan/sudoku-solver-go:hardest.txt @ 48e20330)"
import tdoku-counts "$data/tdoku_solution_counts.txt" \
  "tdoku test puzzles with published solution counts (t-dillon/tdoku:test/test_puzzles @ af426180; BSD 2-Clause, (c) 2019 Tom Dillon)" \
  --counts "$data/tdoku_solution_counts.tsv"
import serg-multiple "$data/serg_benchmark.txt" \
  "Serg's benchmark of puzzles with several solutions, enjoysudoku forum, via tdoku (balmerdx/sudoku_pytorch:data/puzzles7_serg_benchmark)" \
  --sample 200 --seed 9994

# ---- Seeds ---------------------------------------------------------------------------

seed002=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
echo "$seed002" > "$work/seed002.txt"
import seed002 "$work/seed002.txt" "seed 002 (Chinese blog, Sudoku in JavaScript): its example board"

# Seed 001's printed grids: the two plain ones and the one with * borders.
# They are wrong (values repeat inside boxes): grid-check entries.
# (mawk, Debian's default awk, has no {n} in regular expressions.)
awk '/^[1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9]$/ || /^\* [1-9]/ {
       gsub(/[ *]/, ""); grid = grid $0; if (++rows == 9) { print grid; grid = ""; rows = 0 } ; next }
     /^\*[ *]*$/ { next }                      # a border line inside a grid
     { grid = ""; rows = 0 }                   # anything else ends a grid
    ' "$seeds"/001_*.txt > "$work/seed001.txt"
import seed001-grids "$work/seed001.txt" \
  "seed 001 (Japanese C course, lecture 19): grids printed by its generator" --kind grid-check

# ---- Grid checks in the spirit of seed 000 ----------------------------------------------
# Right grids from two generators; the same with a pair swapped in a row; a
# Latin square whose rows and columns are right but whose boxes repeat values;
# partial grids with and without a clash.
{
  "$np" generate --plugin naive-dom --what grid --count 3 --seed 2000
  "$np" generate --plugin backtrack --what grid --count 2 --seed 2001 --size 2x2
  "$np" generate --plugin backtrack --what grid --count 2 --seed 2002 --size 2x3
  "$np" generate --plugin backtrack --what grid --count 2 --seed 2003 --size 3x4
} > "$work/right.txt"
awk '{ print; n = sqrt(length($0)); a = substr($0, 1, 1); b = substr($0, 2, 1)
       print b a substr($0, 3)                                # a pair swapped in row 1
       print substr($0, 1, length($0) - n) substr($0, length($0) - n + 2, 1) substr($0, length($0) - n + 1, 1) \
             substr($0, length($0) - n + 3) }' "$work/right.txt" > "$work/checks.txt"
awk 'BEGIN { for (r = 0; r < 9; r++) for (c = 0; c < 9; c++) printf "%d", (r + c) % 9 + 1; print ""
             for (r = 0; r < 4; r++) for (c = 0; c < 4; c++) printf "%d", (r + c) % 4 + 1; print "" }' >> "$work/checks.txt"
echo "$seed002" >> "$work/checks.txt"
echo "$seed002" | sed 's/^53\.\./53.5/' >> "$work/checks.txt"
import checks "$work/checks.txt" \
  "numplace: generated grids, the same with a pair swapped, cyclic Latin squares, seed 002's board" --kind grid-check

# ---- Invalid input: every reason code, at first and last places -------------------------
sol=534678912672195348198342567859761423426853791713924856961537284287419635345286179
blank=.................................................................................
# put TEXT POS CHAR: TEXT with position POS (1-based) replaced by CHAR
put() { printf '%s\n' "$1" | awk -v p="$2" -v c="$3" '{ print substr($0, 1, p - 1) c substr($0, p + 1) }'; }
# pair POS1 POS2: an empty grid with the solution's value of POS1 at both cells
pair() { v=$(printf '%s' "$sol" | cut -c"$1"); put "$(put "$blank" "$1" "$v")" "$2" "$v"; }
{
  printf '%s\n' "$seed002" | cut -c1-80                 # wrong_length: 80
  printf '%s5\n' "$seed002"                             # wrong_length: 82
  echo "53..7"                                          # wrong_length: 5
  put "$seed002" 1 '?'                                  # bad_character: first cell
  put "$seed002" 41 '*'                                 # bad_character: centre
  put "$seed002" 81 '/'                                 # bad_character: last cell
  put "$seed002" 3 A                                    # value_out_of_range: 10
  put "$seed002" 81 Z                                   # value_out_of_range: 35, last cell
  pair 1 9                                              # duplicate_in_row: row 1
  pair 73 81                                            # duplicate_in_row: row 9
  pair 1 73                                             # duplicate_in_column: column 1
  pair 9 81                                             # duplicate_in_column: column 9
  pair 1 11                                             # duplicate_in_box: box 1
  pair 61 71                                            # duplicate_in_box: box 9
  put "$seed002" 3 5                                    # a clash inside a real puzzle
} > "$work/invalid.txt"
import invalid "$work/invalid.txt" "numplace: seed 002's board and solution, altered to break one rule"
# Other sizes: a 4x4 value out of range and a 16x16 duplicate in the last box.
{
  echo "1234341221434325"
  printf '%0255d\n' 0 | sed 's/$/./' | awk '{ print substr($0, 1, 238) "G" substr($0, 240, 16) "G" }'
} > "$work/invalid-sizes.txt"
import invalid-sizes "$work/invalid-sizes.txt" "numplace: small grids made to break one rule"

# ---- Unsolvable without a direct clash --------------------------------------------------
# A unique puzzle plus one clue that differs from its solution but repeats no
# given in its row, column or box: no solution, and no duplicate to see.
# wrong_clue N SYMBOLS: reads "puzzle solution" lines, writes such puzzles.
wrong_clue() {
  awk -v n="$1" -v symbols="$2" '{
    p = $1; s = $2; side = n
    for (i = 1; i <= side * side; i++) {
      if (substr(p, i, 1) != ".") continue
      r = int((i - 1) / side); c = (i - 1) % side
      for (k = 1; k <= side; k++) {
        v = substr(symbols, k, 1)
        if (v == substr(s, i, 1)) continue
        ok = 1
        for (j = 1; j <= side * side && ok; j++) {
          rj = int((j - 1) / side); cj = (j - 1) % side
          same = rj == r || cj == c || (int(rj / br) == int(r / br) && int(cj / bc) == int(c / bc))
          if (same && substr(p, j, 1) == v) ok = 0
        }
        if (ok) { print substr(p, 1, i - 1) v substr(p, i + 1); next }
      }
    }
  }' br="$3" bc="$4"
}
paste -d' ' "$data/kaggle_1m_first1000.txt" "$data/kaggle_1m_first1000.solutions.txt" | sed -n '1,12p' \
  | wrong_clue 9 123456789 3 3 > "$work/none.txt"
import unsolvable "$work/none.txt" \
  "numplace: Kaggle 1M puzzles (first rows) each given one extra clue that differs from the published solution without clashing"

# ---- Other sizes: unique, multiple and none ------------------------------------------------
# Per shape: puzzles (bitmask-mrv's unique-puzzle generator for the small
# shapes; for 16x16 and 25x25, where proving every removal is slow, its full
# grids with a fixed share of cells blanked: 25% at 16x16, 20% at 25x25), solved to build the unsolvable
# variants; "multiple" keeps only the first band of a grid. The verdicts are
# whatever the provers agree on.
for shape in "2 2 8 gen" "2 3 8 gen" "3 4 6 gen" "4 4 4 25" "5 5 2 20"; do
  set -- $shape
  r=$1 c=$2 k=$3 how=$4 size="$1x$2" n=$(($1 * $2))
  symbols=$(printf '%s' 123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ | cut -c1-$n)
  if [ "$how" = gen ]; then
    "$np" generate --plugin bitmask-mrv --what puzzle --size "$size" --count "$k" --seed 4000 > "$work/u.txt"
  else
    "$np" generate --plugin bitmask-mrv --what grid --size "$size" --count "$k" --seed 4000 \
      | awk -v pct="$how" '{ s = ""; for (i = 1; i <= length($0); i++) s = s ((i * 7919 + NR * 104729) % 100 < pct ? "." : substr($0, i, 1)); print s }' \
      > "$work/u.txt"
  fi
  "$np" solve --plugin bitmask-mrv --size "$size" "$work/u.txt" > "$work/us.txt"
  "$np" generate --plugin bitmask-mrv --what grid --size "$size" --count 2 --seed 4001 \
    | awk -v keep=$((r * n)) '{ s = substr($0, 1, keep); while (length(s) < length($0)) s = s "."; print s }' > "$work/m.txt"
  paste -d' ' "$work/u.txt" "$work/us.txt" | wrong_clue "$n" "$symbols" "$r" "$c" > "$work/x.txt"
  cat "$work/u.txt" "$work/m.txt" "$work/x.txt" > "$work/sizes-$size.txt"
  import "sizes-$size" "$work/sizes-$size.txt" \
    "numplace: bitmask-mrv generator (seeds 4000 and 4001), variants with one band kept and with one wrong clue" \
    --size "$size"
done

"$np" corpus lint "$here"
