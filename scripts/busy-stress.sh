#!/usr/bin/env bash
# `stress` on a busy machine: a right program that uses about 0.8 s of CPU a run, at
# --timeout 1.5 (default wall-clock limit: 5.5 s), 20 rounds, beside 8 × nproc busy loops;
# then a program that sleeps forever, beside the same loops, timed to its verdict.
# A right program must never be FAILED: each round passes, or the run stops at an
# inconclusive round (exit 3) when the machine is too busy to judge it.
#
# Usage: scripts/busy-stress.sh [GAMECHECK]   (default: target/release/gamecheck, built
# here when missing). Prints the report, the exit status, the load average and the times.
# Run by hand (it loads every core for about a minute), not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/gamecheck}
[ -x "$bin" ] || cargo build --release --quiet
work=$(mktemp -d)
loops=()
cleanup() {
    for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# the right program: marble_correct.py's answers, then CPU burnt up to 0.8 s
cat > "$work/slow_correct.py" <<PY
import sys, time
sys.path.insert(0, "$PWD/tests/programs")
from marble_correct import solve_input
answers = solve_input(sys.stdin.read(), [])
while time.process_time() < 0.8:
    pass
sys.stdout.write("".join(a + "\n" for a in answers))
PY

n=$(( 8 * $(nproc) ))
for _ in $(seq "$n"); do
    sh -c 'while :; do :; done' &
    loops+=($!)
done
echo "== $n busy loops started on $(nproc) cores"
sleep 5
echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg)"

start=$(date +%s.%N)
set +e
"$bin" stress marble --seed 2026 --rounds 20 --timeout 1.5 --progress plain -- python3 -S "$work/slow_correct.py"
status=$?
set -e
end=$(date +%s.%N)
echo "== right program: exit $status in $(echo "$end - $start" | bc) s; load $(cut -d' ' -f1-3 /proc/loadavg)"

start=$(date +%s.%N)
set +e
"$bin" stress marble --seed 17 --rounds 1 --timeout 1.5 --progress none -- python3 -S tests/programs/sleep_forever.py "$work/pids" | head -12
status=${PIPESTATUS[0]}
set -e
end=$(date +%s.%N)
echo "== sleeper: exit $status, verdict in $(echo "$end - $start" | bc) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
