#!/usr/bin/env bash
# Long fuzzing that keeps its corpus: every target for MINUTES (default 10) on a copy
# of its committed corpus, the result minimized with `cargo fuzz cmin`, then libFuzzer's
# coverage counts over the minimized corpus (`-runs=0`: cov = edges, ft = features).
#
#   scripts/fuzz-long.sh [MINUTES] [TARGET…]
#
# FUZZ_SECONDS=N runs each target N seconds instead (a smoke run).
#
# Nothing in the checkout changes: the minimized corpora are left in a work directory
# whose path is printed, with the command that adds them to fuzz/corpus/ (beside the named seeds) (review the
# diff, then commit). A crash stops that target and names the artifact to keep as a
# regression. Needs nightly and cargo-fuzz (`cargo install cargo-fuzz --locked`).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
case "$minutes" in '' | *[!0-9]*) echo "usage: $0 [MINUTES] [TARGET…]" >&2; exit 2 ;; esac

seconds=${FUZZ_SECONDS:-$((minutes * 60))}
scripts/fuzz-build.sh
targets=${*:-$(cd fuzz && cargo +nightly fuzz list)}
work=$(mktemp -d "${TMPDIR:-/tmp}/gamecheck-fuzz.XXXXXX")
summary=$work/summary.txt
printf '%-32s %12s %8s %8s %8s %8s %s\n' target execs crashes files cov ft seconds >"$summary"
failed=0
for t in $targets; do
    corpus=$work/$t
    mkdir -p "$corpus" "$work/artifacts/$t"
    cp -r "fuzz/corpus/$t/." "$corpus/" 2>/dev/null || true
    echo "== $t: $seconds s on a copy of fuzz/corpus/$t ($(ls "$corpus" | wc -l) files)"
    start=$(date +%s)
    crashes=0
    (cd fuzz && cargo +nightly fuzz run --release --debug-assertions "$t" "$corpus" -- \
        -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$t/") >"$work/$t.log" 2>&1 || crashes=1
    took=$(($(date +%s) - start))
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t.log" | grep -o '[0-9]*$' | tail -n 1)
    if [ "$crashes" -ne 0 ]; then
        failed=1
        echo "   CRASH: see $work/$t.log and $work/artifacts/$t/ (keep the input as a regression test)"
    fi
    (cd fuzz && cargo +nightly fuzz cmin --release --debug-assertions "$t" "$corpus") >"$work/$t.cmin.log" 2>&1
    (cd fuzz && cargo +nightly fuzz run --release --debug-assertions "$t" "$corpus" -- -runs=0) >"$work/$t.count.log" 2>&1 || true
    line=$(grep -E 'INITED|DONE' "$work/$t.count.log" | tail -n 1)
    cov=$(echo "$line" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
    ft=$(echo "$line" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
    printf '%-32s %12s %8s %8s %8s %8s %s\n' "$t" "${execs:-?}" "$crashes" "$(ls "$corpus" | wc -l)" \
        "${cov:-?}" "${ft:-?}" "$took" >>"$summary"
done
echo
cat "$summary"
echo
echo "Minimized corpora: $work/<target>/. To keep them (review the diff, then commit):"
for t in $targets; do
    # added beside the committed files, never over them: the named seeds stay (the tests
    # read some by name), cmin's files are named by their hash
    echo "  cp -n $work/$t/* fuzz/corpus/$t/"
done
echo "  git add fuzz/corpus && git commit -m 'fuzz corpora: $seconds s a target, cmin'"
exit "$failed"
