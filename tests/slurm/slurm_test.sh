#!/bin/bash
# The Slurm scale-out scripts (scripts/slurm/) on a real, local, one-node Slurm
# (scripts/slurm/local-cluster): a 4-task verify array over the bundled corpus
# and its merge job must give the rows and exit code of one unsharded run; a
# 2-task fuzz array over a mutant plugin must give a merged regressions file
# that lints and is not empty. ctest label "slurm" (tests/CMakeLists.txt).
#
#   usage: tests/slurm/slurm_test.sh SOURCE_DIR BIN_DIR MUTANT_DIR
#
# Skipped (a "[  SKIPPED ]" line, exit 0) when not root or when slurm-wlm,
# munge or jq are missing. Node budgets only (--timeout 0, --max-nodes), so
# that no row depends on the machine's load. NUMPLACE_SLURM_TEST_KEEP=1 keeps
# the work folder (the cluster's logs, every job's files).
set -u

src=${1:?usage: slurm_test.sh SOURCE_DIR BIN_DIR MUTANT_DIR}
bin=${2:?}
mutants=${3:?}
numplace=$bin/numplace

skip() {
    echo "[  SKIPPED ] Slurm.VerifyAndFuzzArrays: $*"
    exit 0
}
[ "$(id -u)" -eq 0 ] || skip "needs root (a local slurmd runs jobs as their users)"
for c in munged mungekey slurmctld slurmd sbatch squeue sinfo scancel jq; do
    command -v "$c" >/dev/null || skip "$c is missing (apt-get install -y slurm-wlm munge jq)"
done
for f in "$numplace" "$mutants/mutant_given_ignored.so"; do
    [ -e "$f" ] || { echo "FAIL: $f is missing: build first"; exit 1; }
done

t0=${EPOCHREALTIME/./}
elapsed() { local us=$((${EPOCHREALTIME/./} - t0)); printf '%4d.%d s' $((us / 1000000)) $((us / 100000 % 10)); }
say() { echo "[$(elapsed)] $*"; }
failures=0
desc=""
check() {  # check COMMAND...: says "ok" or "FAIL" and $desc
    if "$@"; then say "ok   $desc"
    else say "FAIL $desc"; failures=$((failures + 1)); fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/numplace-slurm-test.XXXXXX")
chmod 0755 "$work"
cleanup() {
    "$src/scripts/slurm/local-cluster" stop "$work/cluster" >/dev/null 2>&1
    if [ "${NUMPLACE_SLURM_TEST_KEEP:-0}" = 1 ] || [ "$failures" -gt 0 ]; then say "kept $work"
    else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cd "$work" || exit 1

if ! "$src/scripts/slurm/local-cluster" start "$work/cluster" >cluster.out 2>&1; then
    cat cluster.out
    echo "FAIL: the local cluster did not start"
    failures=1
    exit 1
fi
export SLURM_CONF=$work/cluster/slurm.conf
say "$(head -n 1 cluster.out)"

# The same numplace arguments for the array and the unsharded run: the bundled
# corpus (corpus/ in the source tree), two bundled plugins and a mutant that
# gives wrong answers (so that the merged exit code is 1 and failures, JUnit
# failures and regressions cross the merge).
# shellcheck disable=SC2054 # --plugins takes a comma-separated list
verify_args=("$src/corpus" --plugin-dir "$mutants" --plugins bitmask-mrv,exhaustive-count,mutant-given-ignored
             --timeout 0 --max-nodes 200000)
fuzz_args=(--plugin-dir "$mutants" --plugins mutant-given-ignored --timeout 0 --max-nodes 200000)

submit() {  # submit SCRIPT VAR=value... -- ARGS...: prints "array merge out"
    local script=$1
    shift
    local env=()
    while [ "$1" != -- ]; do env+=("$1"); shift; done
    shift
    env "${env[@]}" NUMPLACE="$numplace" "$src/scripts/slurm/$script" "$@" | sed -n 's/^array=\([0-9]*\) merge=\([0-9]*\) out=/\1 \2 /p'
}
read -r v_array v_merge v_out < <(submit submit-verify TASKS=4 OUT=verify -- "${verify_args[@]}")
read -r f_array f_merge f_out < <(submit submit-fuzz TASKS=2 OUT=fuzz FUZZ_SEED=1 FUZZ_SEEDS=3 -- "${fuzz_args[@]}")
if [ -z "${v_merge:-}" ] || [ -z "${f_merge:-}" ]; then
    echo "FAIL: submitting did not give job ids"
    failures=1
    exit 1
fi
say "submitted: verify array $v_array + merge $v_merge, fuzz array $f_array + merge $f_merge"

# The unsharded reference run, here, while the cluster works (the rows depend
# on node budgets only, not on load).
"$numplace" verify "${verify_args[@]}" --report unsharded.json --junit unsharded.xml \
    --regressions unsharded.yaml >unsharded.out 2>&1
unsharded_exit=$?
say "unsharded run: exit $unsharded_exit"

# No sacct (no slurmdbd): wait until squeue lists none of the jobs.
deadline=$(($(date +%s) + ${NUMPLACE_SLURM_TEST_WAIT:-600}))
jobs="$v_array,$v_merge,$f_array,$f_merge"
while [ -n "$(squeue -h -j "$jobs" -o %A 2>/dev/null)" ]; do
    if [ "$(date +%s)" -gt "$deadline" ]; then
        squeue
        echo "FAIL: the jobs did not end in ${NUMPLACE_SLURM_TEST_WAIT:-600} s"
        failures=1
        exit 1
    fi
    sleep 1
done
say "all jobs ended"

rows() { jq -c '.rows[] | [.entry, .plugin, .operation, .status, .kind]' "$1" | sort; }
ids() { sed -n 's/^- id: //p' "$1" | sort; }
lints() { "$numplace" corpus lint "$1" >/dev/null 2>&1; }
last_exit() { sed -n 's/^merge: exit //p' "$1" | tail -n 1; }

desc="verify: the merge job says exit $unsharded_exit, as the unsharded run"
check [ "$(last_exit "$v_out/merge.out")" = "$unsharded_exit" ]
desc="verify: merged.exit is $unsharded_exit"
check [ "$(cat "$v_out/merged.exit" 2>/dev/null)" = "$unsharded_exit" ]
desc="verify: the unsharded run failed rows (the mutant), so that failures cross the merge"
check [ "$unsharded_exit" = 1 ]
desc="verify: 4 task reports, shards 1/4 to 4/4"
check [ "$(for i in 0 1 2 3; do jq -r .run.shard "$v_out/task-$i.json"; done | tr '\n' ' ')" = "1/4 2/4 3/4 4/4 " ]
desc="verify: merged report has the unsharded run's rows (entry, plugin, operation, status, kind)"
check cmp -s <(rows "$v_out/merged.json") <(rows unsharded.json)
desc="verify: ... and as many ($(jq '.rows | length' unsharded.json) rows, $(jq '.summary.failed' unsharded.json) failed)"
check [ "$(jq -c '.summary | [.rows, .failed, .exit_code]' "$v_out/merged.json")" = "$(jq -c '.summary | [.rows, .failed, .exit_code]' unsharded.json)" ]
junit() { grep -o '<testcase [^>]*>\|<failure type="[^"]*"\|<skipped' "$1" | sed 's/ time="[^"]*"//' | sort | uniq -c; }
desc="verify: merged JUnit has the unsharded run's testcases, failures and skips ($(grep -c '<failure ' unsharded.xml) failures)"
check cmp -s <(junit "$v_out/merged.xml") <(junit unsharded.xml)
desc="verify: merged regressions lint"
check lints "$v_out/merged.yaml"
desc="verify: merged regressions hold the unsharded run's entries ($(ids unsharded.yaml | wc -l))"
check cmp -s <(ids "$v_out/merged.yaml") <(ids unsharded.yaml)

desc="fuzz: the merge job says exit 1 (the mutant is caught)"
check [ "$(last_exit "$f_out/merge.out")" = 1 ]
desc="fuzz: both tasks found the mutant's failure"
check [ "$(cat "$f_out/task-0.exit" "$f_out/task-1.exit" 2>/dev/null | tr '\n' ' ')" = "1 1 " ]
desc="fuzz: merged regressions lint"
check lints "$f_out/merged.yaml"
desc="fuzz: merged regressions hold one entry per task (seeds 1 and 4)"
check [ "$(ids "$f_out/merged.yaml" | tr '\n' ' ')" = \
        "fuzz-mutant-given-ignored-certificate-seed1 fuzz-mutant-given-ignored-certificate-seed4 " ]

if [ "$failures" -gt 0 ]; then
    for f in "$v_out/merge.out" "$f_out/merge.out" "$f_out"/task-*.out; do
        echo "--- $f"
        grep -v '^FAIL ' "$f" | tail -n 20
    done
    say "$failures check(s) failed"
    exit 1
fi
say "passed"
