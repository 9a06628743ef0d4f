#!/bin/sh
# scripts/sanitize-ctest, judged and run (ctest test SanitizeCtest.*):
# the JUnit files here are judged (only the tracer's crash after a passing
# body is excused), then a two-test ctest project made on the spot is run
# through it: a test that crashes LeakSanitizer's tracer once and passes the
# second time is retried and the run passes; a test that truly fails fails it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../../scripts/sanitize-ctest"
expect() {  # expect RC FILE
  set +e; "$script" --judge "$here/$2" >/dev/null; rc=$?; set -e
  [ "$rc" -eq "$1" ] || { echo "FAIL: $2: exit $rc, expected $1"; exit 1; }
}
expect 0 tracer.xml
expect 8 leak.xml
expect 8 mixed.xml
expect 8 tracer_in_failed_test.xml

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
crash='[  PASSED  ] 1 test.\nTracer caught signal 11: addr=0x0 pc=0x1 sp=0x2\n==1==LeakSanitizer has encountered a fatal error.\n'
cat > "$work/CTestTestfile.cmake" <<CMAKE
add_test(Steady "sh" "-c" "echo '[  PASSED  ] 1 test.'")
add_test(Flaky "sh" "-c" "if [ -e $work/once ]; then echo '[  PASSED  ] 1 test.'; else touch $work/once; printf '$crash'; exit 1; fi")
CMAKE
out=$("$script" --test-dir "$work" 2>&1) || { echo "FAIL: the flaky run did not pass"; echo "$out"; exit 1; }
echo "$out" | grep -q "running the 1 excused test(s) once more" || { echo "FAIL: no retry said"; echo "$out"; exit 1; }

cat > "$work/CTestTestfile.cmake" <<CMAKE
add_test(Broken "sh" "-c" "echo 'x.cpp:1: Failure'; echo '[  FAILED  ] Broken'; exit 1")
CMAKE
if "$script" --test-dir "$work" >/dev/null 2>&1; then echo "FAIL: a real failure passed"; exit 1; fi
echo "sanitize-ctest: every case as expected"
