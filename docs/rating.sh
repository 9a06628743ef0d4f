#!/bin/sh
# Regenerates the figures of docs/rating.md: numplace's ratings against the
# programs that rated the shared collections, with `numplace rate --compare`.
#   docs/rating.sh            (from the repository's root, after a Release build)
# Needs ../shared/datasets (not part of a clone): without it, says so and
# stops. Writes the comparisons to build/rating/ and the confusion matrices
# to docs/rating/*.svg.
set -eu
NUMPLACE=${NUMPLACE:-build/bin/numplace}
DATA=${DATA:-../shared/datasets}
OUT=${OUT:-build/rating}
JOBS=${JOBS:-2}
if [ ! -f "$DATA/exchange_diabolical.ratings.tsv" ] || [ ! -f "$DATA/eleven_hardest.ratings.tsv" ]; then
  echo "rating.sh: $DATA has no rated collections (exchange_diabolical, eleven_hardest): nothing measured"
  exit 0
fi
mkdir -p "$OUT" docs/rating

# Seconds since the epoch, with fractions.
now() { date +%s.%N; }
elapsed() { awk "BEGIN { printf \"%.1f\", $2 - $1 }"; }

# exchange_diabolical, all of it, against Sukaku Explainer (its rater): the
# sukaku profile and table.
tail -n +2 "$DATA/exchange_diabolical.ratings.tsv" | cut -f1 > "$OUT/exchange_diabolical.txt"
start=$(now)
"$NUMPLACE" rate -j "$JOBS" --plugin logic --option profile=sukaku --table sukaku \
  --compare er/se_rating --ratings "$DATA/exchange_diabolical.ratings.tsv:se_rating" \
  --svg docs/rating/exchange-diabolical-classes.svg "$OUT/exchange_diabolical.txt" > "$OUT/exchange_diabolical.compare.txt"
end=$(now)
echo "exchange_diabolical: $(wc -l < "$OUT/exchange_diabolical.txt") puzzles rated and compared in $(elapsed "$start" "$end") s at -j $JOBS"
head -3 "$OUT/exchange_diabolical.compare.txt"

# eleven_hardest, a stratified sample of 500 against Sudoku Explainer: ER
# runs 10.6-11.9 in 14 tenths, 8,663 puzzles at 10.6 alone and 3 at 11.9,
# so the sample takes an equal share of each ER, evenly spaced through the
# file: the smallest strata first, each all it has when that is fewer than
# its share (11.9: 3, 11.8: 20, 11.7: 29), the rest spread over the others.
awk -F'\t' 'NR > 1 { n[$2]++; line[$2, n[$2]] = $0 }
  END {
    want = 500; left = 0; for (er in n) left++
    # Fill the smaller strata first, so that each takes its share or all it has.
    m = 0; for (er in n) order[++m] = er
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (n[order[j]] < n[order[i]]) { t = order[i]; order[i] = order[j]; order[j] = t }
    for (i = 1; i <= m; i++) {
      er = order[i]; share = int(want / left); if (share > n[er]) share = n[er]
      for (k = 0; k < share; k++) print line[er, 1 + int(k * n[er] / share)]
      want -= share; left--
    }
  }' "$DATA/eleven_hardest.ratings.tsv" | sort > "$OUT/eleven_hardest_500.tsv"
{ printf 'puzzle\tER\tEP\tED\n'; cat "$OUT/eleven_hardest_500.tsv"; } > "$OUT/eleven_hardest_500.ratings.tsv"
cut -f1 "$OUT/eleven_hardest_500.tsv" > "$OUT/eleven_hardest_500.txt"
start=$(now)
"$NUMPLACE" rate -j "$JOBS" --plugin logic --option profile=se --table se \
  --compare er/ER,ep/EP,ed/ED --ratings "$OUT/eleven_hardest_500.ratings.tsv:ER" \
  --ratings "$OUT/eleven_hardest_500.ratings.tsv:EP" --ratings "$OUT/eleven_hardest_500.ratings.tsv:ED" \
  --svg docs/rating/eleven-hardest-classes.svg "$OUT/eleven_hardest_500.txt" > "$OUT/eleven_hardest_500.compare.txt"
end=$(now)
echo "eleven_hardest sample: $(wc -l < "$OUT/eleven_hardest_500.txt") puzzles rated and compared in $(elapsed "$start" "$end") s at -j $JOBS"
head -3 "$OUT/eleven_hardest_500.compare.txt"
