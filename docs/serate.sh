#!/bin/sh
# numplace's ratings against Sudoku Explainer itself (its serate command,
# plugins/serate), on samples of the shared collections drawn with a fixed
# seed (Debian's mawk: `srand(1)`); the figures of docs/rating.md, "Against
# Sudoku Explainer itself".
#   docs/serate.sh            (from the repository's root, after a Release
#                              build configured with NUMPLACE_SERATE_SOURCE)
# Needs ../shared/datasets and the deployed serate; without either it says
# so and measures nothing. serate runs once per sample in one JVM, timed,
# and its ER/EP/ED go to a table that `numplace rate --compare` reads; then
# numplace rates the same sample at -j 1, timed: the two times are the speed
# figure. Writes to build/serate/.
set -eu
NUMPLACE=${NUMPLACE:-build/bin/numplace}
DATA=${DATA:-../shared/datasets}
OUT=${OUT:-build/serate}
PLUGINS=${PLUGINS:-build/lib/numplace/plugins}
EXCHANGE=${EXCHANGE:-1000}  # puzzles of exchange_diabolical
TOP=${TOP:-40}              # puzzles of top1465
CLASSES="$PLUGINS/serate/classes:/usr/share/java/json-simple.jar"
if [ ! -f "$DATA/exchange_diabolical.txt" ] || [ ! -f "$DATA/top1465.txt" ]; then
  echo "serate.sh: $DATA has no exchange_diabolical.txt or top1465.txt: nothing measured"
  exit 0
fi
if [ ! -d "$PLUGINS/serate/classes" ]; then
  echo "serate.sh: serate is not deployed (configure with -DNUMPLACE_SERATE_SOURCE, plugins/serate/README.md): nothing measured"
  exit 0
fi
mkdir -p "$OUT"
now() { date +%s.%N; }
elapsed() { awk "BEGIN { printf \"%.1f\", $2 - $1 }"; }

# sample NAME FILE COUNT: about COUNT puzzles of FILE, each line kept with the
# same seeded chance, in file order.
sample() {
  lines=$(grep -c . "$2")
  awk -v seed=1 -v p="$3" -v n="$lines" 'BEGIN { srand(seed) } rand() < 1.2 * p / n' "$2" | head -n "$3" > "$OUT/$1.txt"
}

# measure NAME: serate on the sample (its own command, one JVM, in a folder
# of its own: it reads and writes its settings where it runs), then numplace.
measure() {
  here=$PWD
  start=$(now)
  (cd "$OUT" && rm -f Sudoku9Explainer.json &&
   java -Xmx512m -cp "$here/$CLASSES" diuf.sudoku.test.serate --format='%g	%r	%p	%d' --input="$1.txt") > "$OUT/$1.serate"
  serate_s=$(elapsed "$start" "$(now)")
  { printf 'puzzle\tSE_ER\tSE_EP\tSE_ED\n'; cat "$OUT/$1.serate"; } > "$OUT/$1.ratings.tsv"
  start=$(now)
  "$NUMPLACE" rate -j 1 --plugin logic --option profile=se --table se --format csv "$OUT/$1.txt" > "$OUT/$1.numplace.csv"
  numplace_s=$(elapsed "$start" "$(now)")
  "$NUMPLACE" rate -j 2 --plugin logic --option profile=se --table se --compare er/SE_ER,ep/SE_EP,ed/SE_ED \
    --ratings "$OUT/$1.ratings.tsv:SE_ER" --ratings "$OUT/$1.ratings.tsv:SE_EP" --ratings "$OUT/$1.ratings.tsv:SE_ED" \
    "$OUT/$1.txt" > "$OUT/$1.compare.txt"
  echo "$1: $(wc -l < "$OUT/$1.txt") puzzles; serate $serate_s s, numplace rate -j 1 $numplace_s s"
  grep -E "vs SE_|equal:" "$OUT/$1.compare.txt"
}

sample exchange "$DATA/exchange_diabolical.txt" "$EXCHANGE"
sample top1465 "$DATA/top1465.txt" "$TOP"
measure exchange
measure top1465
