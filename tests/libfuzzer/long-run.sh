#!/bin/sh
# The long fuzzing run (docs/reliability.md, "Fuzzing"): every libFuzzer
# target of a build, one after the other, for MINUTES each (default 10), at
# low priority. Each target starts from its seeds and from what earlier runs
# in this build found (the short ctest runs too), and keeps what it finds:
#   BUILD/tests/libfuzzer/work/TARGET/corpus           inputs found
#   BUILD/tests/libfuzzer/long-run/STAMP/TARGET.log    libFuzzer's log
#   BUILD/tests/libfuzzer/long-run/STAMP/TARGET/       crashing (or timing-out,
#                                                      memory-eating) inputs
# At the end: a line per target with its executions, coverage (libFuzzer's
# final cov: edges and ft: features) and crashes. A crash ends that target's
# run (libFuzzer stops at the first); the next target still runs.
#
#   tests/libfuzzer/long-run.sh BUILD [MINUTES [TARGET...]]
#   e.g.  tests/libfuzzer/long-run.sh build-sanitize 10
#         tests/libfuzzer/long-run.sh build-sanitize 10 corpus report
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [MINUTES_PER_TARGET [TARGET...]]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
minutes=${2:-10}
[ $# -ge 2 ] && shift 2 || shift $#
case $minutes in
  ''|*[!0-9]*) echo "$0: minutes must be a whole number" >&2; exit 2 ;;
esac
source_dir=$(cd "$(dirname "$0")" && pwd)
fuzz_dir="$build/tests/libfuzzer"
if [ ! -x "$fuzz_dir/fuzz_formats" ]; then
  echo "$0: no fuzz targets in $fuzz_dir (configure with the sanitize preset and build)" >&2
  exit 2
fi
logs="$fuzz_dir/long-run/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$logs"

# Target, its -max_len and its seed folders: as in tests/libfuzzer/CMakeLists.txt.
targets="formats:4096:seeds/formats
input:8192:seeds/input
corpus:65536:seeds/corpus,../../corpus,../corpus/data
report:16384:seeds/report
report_writer:4096:seeds/report_writer
solver_description:4096:seeds/solver_description
solver_output:8192:seeds/solver_output
solve:1400:seeds/solve"
if [ $# -gt 0 ]; then  # only the targets named, in this order
  chosen=""
  for want in "$@"; do
    line=$(echo "$targets" | grep "^$want:" || true)
    if [ -z "$line" ]; then
      echo "$0: no target '$want' (targets: $(echo "$targets" | cut -d: -f1 | tr '\n' ' '))" >&2
      exit 2
    fi
    chosen="${chosen:+$chosen
}$line"
  done
  targets=$chosen
fi

seconds=$((minutes * 60))
echo "$(echo "$targets" | wc -l) targets, $minutes min each; logs in $logs"
echo "$targets" | while IFS=: read -r name max_len seed_list; do
  work="$fuzz_dir/work/$name"
  mkdir -p "$work/corpus" "$logs/$name"
  seeds=""
  for s in $(echo "$seed_list" | tr ',' ' '); do seeds="$seeds $source_dir/$s"; done
  echo "$(date +%H:%M:%S) $name"
  # shellcheck disable=SC2086
  (cd "$work" && nice -n 10 "$fuzz_dir/fuzz_$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 \
     -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$logs/$name/" \
     "$work/corpus" $seeds) >"$logs/$name.log" 2>&1 || echo "  $name stopped early (exit $?): see $logs/$name.log"
done

echo
printf '%-20s %14s %8s %8s %8s\n' target executions cov ft crashes
echo "$targets" | while IFS=: read -r name max_len seed_list; do
  log="$logs/$name.log"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  # The last status line that has coverage figures ("#N DONE cov: X ft: Y ...",
  # or the last "NEW"/"pulse" line of a run that ended on a crash).
  cov=$(grep -E '^#[0-9]+.* cov: ' "$log" | tail -n 1 | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(grep -E '^#[0-9]+.* ft: ' "$log" | tail -n 1 | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  crashes=$(find "$logs/$name" -type f | wc -l)
  printf '%-20s %14s %8s %8s %8s\n' "$name" "${runs:-?}" "${cov:-?}" "${ft:-?}" "$crashes"
done
