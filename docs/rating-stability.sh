#!/bin/sh
# Measures how far a rating moves under the puzzle's symmetries, and when a
# clue is added from the solution: the figures of docs/rating.md ("How
# stable a rating is") from which fuzz's `rating` property takes its
# tolerance.
#   docs/rating-stability.sh        (from the repository's root, after a Release build)
#   COUNT=500 PROFILE=se TABLE=se SEED=1 docs/rating-stability.sh
# Needs ../shared/datasets (not part of a clone): without it, says so and
# measures nothing. Takes COUNT puzzles of exchange_diabolical, evenly spaced
# through the file, and makes four copies of each with awk's seeded
# random numbers: relabelled; transposed; permuted (bands, rows in each
# band, stacks, columns in each stack); and with one clue more, a random
# empty cell given its value in the solution (exhaustive-count's). Rates
# all five files with logic's PROFILE and the TABLE, and prints, for each
# copy, the share whose ER is the same, within 0.1 and within 0.2 of the
# puzzle's, and the largest difference of ER, EP and ED; for the added
# clue, the largest rise (the copy's ER above the puzzle's).
set -eu
NUMPLACE=${NUMPLACE:-build/bin/numplace}
DATA=${DATA:-../shared/datasets}
OUT=${OUT:-build/rating-stability}
COUNT=${COUNT:-500}
PROFILE=${PROFILE:-se}
TABLE=${TABLE:-se}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
FILE="$DATA/exchange_diabolical.txt"
if [ ! -f "$FILE" ]; then
  echo "rating-stability.sh: $FILE not found: nothing measured"
  exit 0
fi
mkdir -p "$OUT"

total=$(wc -l < "$FILE")
awk -v every=$((total / COUNT)) -v n="$COUNT" '(NR - 1) % every == 0 && taken < n { print; ++taken }' "$FILE" \
  > "$OUT/puzzle.txt"
"$NUMPLACE" solve --plugin exhaustive-count "$OUT/puzzle.txt" > "$OUT/solution.txt"

# The copies, one line each per puzzle, in the same order.
paste -d ' ' "$OUT/puzzle.txt" "$OUT/solution.txt" | awk -v seed="$SEED" -v out="$OUT" '
  function shuffle(a, n,   i, j, t) { for (i = n; i > 1; --i) { j = int(rand() * i) + 1; t = a[i]; a[i] = a[j]; a[j] = t } }
  # p[1..9]: a band-preserving order of 0..8 (blocks of three shuffled, and within each).
  function blocks(p,   b, i, k, order, inner) {
    for (i = 1; i <= 3; ++i) order[i] = i - 1
    shuffle(order, 3)
    k = 0
    for (b = 1; b <= 3; ++b) {
      for (i = 1; i <= 3; ++i) inner[i] = i - 1
      shuffle(inner, 3)
      for (i = 1; i <= 3; ++i) p[++k] = 3 * order[b] + inner[i]
    }
  }
  function at(s, r, c) { return substr(s, 9 * r + c + 1, 1) }
  BEGIN { srand(seed) }
  {
    puzzle = $1; solution = $2
    for (v = 1; v <= 9; ++v) label[v] = v
    shuffle(label, 9)
    relabelled = transposed = permuted = ""
    blocks(rows); blocks(cols)
    for (r = 0; r < 9; ++r)
      for (c = 0; c < 9; ++c) {
        x = at(puzzle, r, c)
        relabelled = relabelled (x == "." ? "." : label[x])
        transposed = transposed at(puzzle, c, r)
        permuted = permuted at(puzzle, rows[r + 1], cols[c + 1])
      }
    empties = 0
    for (i = 1; i <= 81; ++i) if (substr(puzzle, i, 1) == ".") empty[++empties] = i
    i = empty[int(rand() * empties) + 1]
    clue = substr(puzzle, 1, i - 1) substr(solution, i, 1) substr(puzzle, i + 1)
    print relabelled > (out "/relabelled.txt")
    print transposed > (out "/transposed.txt")
    print permuted > (out "/permuted.txt")
    print clue > (out "/clue.txt")
  }'

for copy in puzzle relabelled transposed permuted clue; do
  "$NUMPLACE" rate -j "$JOBS" --plugin logic --option "profile=$PROFILE" --table "$TABLE" --format csv \
    "$OUT/$copy.txt" | tail -n +2 | cut -d, -f3-5,11 > "$OUT/$copy.csv"  # er,ep,ed,solved
done

echo "$COUNT puzzles of exchange_diabolical, logic profile=$PROFILE, table $TABLE, seed $SEED"
echo "| copy | same ER | within 0.1 | within 0.2 | most apart ER / EP / ED | largest rise of ER |"
echo "|---|---:|---:|---:|---:|---:|"
for copy in relabelled transposed permuted clue; do
  paste -d, "$OUT/puzzle.csv" "$OUT/$copy.csv" | awk -F, -v copy="$copy" '
    function abs(x) { return x < 0 ? -x : x }
    function most(i, d) { d = abs($(i + 4) - $i); if (d > apart[i]) apart[i] = d }
    $4 != "yes" || $8 != "yes" { ++unsolved; next }
    {
      ++n; d = abs($5 - $1)
      if (d < 0.05) ++same
      if (d < 0.15) ++near
      if (d < 0.25) ++within2
      most(1); most(2); most(3)
      if ($5 - $1 > rise) rise = $5 - $1
    }
    END {
      printf "| %s | %.1f%% | %.1f%% | %.1f%% | %.1f / %.1f / %.1f | %.1f |", copy, 100 * same / n, 100 * near / n,
             100 * within2 / n, apart[1], apart[2], apart[3], rise
      if (unsolved) printf " (%d left out: not solved)", unsolved
      printf "\n"
    }'
done
