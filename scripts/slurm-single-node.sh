#!/usr/bin/env bash
# A sharded perft through a real Slurm job array, on this one machine: the Slurm recipe of
# docs/shards.md, tested by hand (not in CI: it installs system daemons).
#
# As root on Debian: installs slurm-wlm and munge from the distribution (when missing),
# writes a one-node configuration into a folder of its own, starts munged, slurmctld and
# slurmd, submits `perft --shard $SLURM_ARRAY_TASK_ID/N` as `sbatch --array=0-(N-1)`,
# waits for the array, merges the shard files with `gamecheck merge`, compares the merged
# output with the unsharded count, and stops every daemon it started (also on failure).
#
# Usage: scripts/slurm-single-node.sh [GAMECHECK] [N] [PERFT ARGS…]
#   GAMECHECK  the binary (default: target/release/gamecheck, built if missing)
#   N          shards (default 4)
#   PERFT ARGS the count (default: octal --code .77 --heap 3000 --depth 3 --divide)
# Exit 0 when the merge equals the unsharded count, 1 when not, 2 when Slurm did not run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

gamecheck=${1:-$repo/target/release/gamecheck}
shards=${2:-4}
shift $(( $# > 2 ? 2 : $# ))
if [ $# -gt 0 ]; then perft=("$@"); else perft=(octal --code .77 --heap 3000 --depth 3 --divide); fi
if [ ! -x "$gamecheck" ]; then
    cargo build --release --quiet
    gamecheck=$repo/target/release/gamecheck
fi
gamecheck=$(readlink -f "$gamecheck")

log() { echo "== [$(date +%T)] $*"; }
now() { date +%s%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }'; }

if [ "$(id -u)" != 0 ]; then
    echo "run as root: the script installs packages and starts daemons" >&2
    exit 2
fi
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
    log "installing slurm-wlm and munge (Debian's packages)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
log "$(slurmctld -V), munge $(munged -V 2>&1 | head -1)"

work=$(mktemp -d /tmp/gamecheck-slurm.XXXXXX)
chmod 755 "$work"
host=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
mkdir -p "$work/spool/slurmd" "$work/spool/slurmctld" "$work/munge" "$work/out"
conf=$work/slurm.conf
cat > "$conf" <<EOF
ClusterName=gamecheck
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmdSpoolDir=$work/spool/slurmd
StateSaveLocation=$work/spool/slurmctld
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf

pids=()
stop() {
    log "stopping the daemons this script started"
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$p" 2>/dev/null || true
    done
}
trap stop EXIT

log "starting munged, slurmctld, slurmd (configuration $conf)"
key=$work/munge/munge.key
dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
chmod 400 "$key"
munged --force --key-file="$key" --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed"
pids+=("$(cat "$work/munge/munged.pid")")
# Slurm's munge plugin finds the socket through its configuration
echo "AuthInfo=socket=$work/munge/munge.socket" >> "$conf"
slurmctld -D -f "$conf" > "$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$conf" > "$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then break; fi
    sleep 1
done
if ! sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    log "the node did not come up"
    sinfo || true
    tail -20 "$work/slurmctld.log" "$work/slurmd.log" 2>/dev/null || true
    exit 2
fi
sinfo

log "unsharded: $gamecheck perft ${perft[*]}"
start=$(now)
"$gamecheck" perft "${perft[@]}" > "$work/unsharded.txt"
log "unsharded in $(since "$start") s: $(tail -1 "$work/unsharded.txt")"

cd "$work/out"
command="$gamecheck perft ${perft[*]} --shard \$SLURM_ARRAY_TASK_ID/$shards"
log "sbatch --array=0-$((shards - 1)) --wait: $command"
start=$(now)
sbatch --array=0-$((shards - 1)) --output='shard-%a.json' --error='shard-%a.err' \
    --cpus-per-task=1 --wait --wrap "$command"
log "the array ended in $(since "$start") s"
for f in shard-*.json; do
    python3 - "$f" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(f"{sys.argv[1]}: shard {d['shard']}/{d['plan']['shards']}, split depth {d['plan']['split_depth']}, "
      f"{d['positions']} of {d['plan']['split_positions']} positions, total {d['total']}, {d['seconds']:.2f} s")
EOF
done
start=$(now)
"$gamecheck" merge shard-*.json > "$work/merged.txt"
log "merged in $(since "$start") s: $(tail -1 "$work/merged.txt")"
if cmp -s "$work/unsharded.txt" "$work/merged.txt"; then
    log "the merge is the unsharded output, byte for byte ($(wc -l < "$work/merged.txt") lines)"
    status=0
else
    log "the merge differs from the unsharded output:"
    diff "$work/unsharded.txt" "$work/merged.txt" | head -20 || true
    status=1
fi
log "files in $work"
exit $status
