#!/usr/bin/env bash
# Mutation testing of one file set with the tests that can see it (cargo-mutants).
#
#   scripts/mutants.sh SET [--shard K/N] [--in-diff FILE] [any cargo-mutants flag…]
#
# SET is one of the sets below (or `list`). Each set names its files and the test
# binaries that exercise them, so a mutant builds and runs only those (the whole suite
# takes minutes; a set's subset, seconds). The profile (`mutants` in Cargo.toml:
# release speed, overflow checks and debug assertions) and the equivalent mutants we
# exclude come from .cargo/mutants.toml. Results: mutants.out/ (outcomes.json,
# caught.txt, missed.txt, unviable.txt, timeout.txt).
#
# On 2 cores one mutant costs about a rebuild (30 s to 2 min) plus its tests: run a set
# in shards (`--shard 0/4` … `--shard 3/4`: shards count from 0) on one frozen commit, and after a change run
# only the mutants of the diff: `git diff main > d.diff; scripts/mutants.sh SET --in-diff d.diff`.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v cargo-mutants >/dev/null || {
    echo "cargo-mutants is not installed: cargo install cargo-mutants --locked" >&2
    exit 2
}

set_files() {
    case "$1" in
    harness) echo "crates/gamecheck/src/harness/compare.rs crates/gamecheck/src/harness/shrink.rs crates/gamecheck/src/harness/driver.rs crates/gamecheck/src/harness/laws.rs" ;;
    marble-geometry) echo "crates/games/src/marble/geometry.rs" ;;
    marble-movegen) echo "crates/games/src/marble/movegen.rs" ;;
    marble-solvers) echo "crates/games/src/marble/bitmask.rs crates/games/src/marble/table.rs" ;;
    marble-export) echo "crates/games/src/marble/export.rs" ;;
    paint-movegen) echo "crates/games/src/paint/bitmask.rs" ;;
    paint-period) echo "crates/gamecheck/src/grundy.rs crates/games/src/paint/periodic.rs crates/games/src/paint/grundy.rs" ;;
    prover) echo "crates/gamecheck/src/grundy.rs" ;;
    sevens-movegen) echo "crates/games/src/sevens/movegen.rs" ;;
    sevens-search) echo "crates/games/src/sevens/movegen.rs crates/games/src/sevens/search.rs crates/games/src/sevens/memo.rs crates/games/src/sevens/table.rs" ;;
    judge) echo "crates/gamecheck/src/stress/judge.rs" ;;
    stress-cli) echo "crates/gamecheck/src/cli/gen.rs crates/gamecheck/src/cli/stress.rs crates/gamecheck/src/contest.rs" ;;
    stress) echo "crates/gamecheck/src/stress/busy.rs crates/gamecheck/src/stress/show.rs crates/gamecheck/src/stress/memory.rs crates/gamecheck/src/stress/shrink.rs" ;;
    readers) echo "crates/games/src/marble/format.rs crates/games/src/paint/format.rs crates/games/src/sevens/format.rs crates/gamecheck/src/input.rs" ;;
    perft) echo "crates/gamecheck/src/perft/mod.rs crates/gamecheck/src/perft/tree.rs crates/gamecheck/src/perft/compare.rs crates/games/src/paint/perft.rs crates/games/src/sevens/perft.rs crates/games/src/octal/perft.rs crates/gamecheck/src/harness/signature.rs" ;;
    octal) echo "crates/games/src/octal/code.rs crates/games/src/octal/contest.rs crates/games/src/octal/format.rs crates/games/src/octal/game.rs crates/games/src/octal/grundy.rs crates/games/src/octal/mod.rs crates/games/src/octal/naive.rs crates/games/src/octal/periodic.rs crates/games/src/octal/props.rs crates/games/src/octal/shrink.rs" ;;
    octal-sparse) echo "crates/games/src/octal/sparse.rs" ;;
    paint-shrink) echo "crates/games/src/paint/shrink.rs" ;;
    oracle) echo "crates/gamecheck/src/oracle.rs" ;;
    geometry) echo "crates/gamecheck/src/geometry.rs" ;;
    *) return 1 ;;
    esac
}

set_tests() {
    case "$1" in
    harness) echo "--lib --test toy_game --test game_laws --test zoo --test successors --test symmetry_row" ;;
    geometry) echo "--lib --test marble_geometry --test successors" ;;
    marble-export) echo "--lib --test marble_side6 --test marble_solvers --test marble_cli --test perft" ;;
    marble-*) echo "--lib --test marble_geometry --test marble_movegen --test marble_laws --test marble_solvers --test marble_certify --test marble_side6 --test zoo --test game_laws" ;;
    paint-movegen) echo "--lib --test paint_solvers --test paint_laws --test paint_props --test zoo --test game_laws" ;;
    paint-shrink) echo "--lib --test stress_paint --test paint_props" ;;
    paint-*) echo "--lib --test paint_period --test paint_solvers --test paint_laws --test paint_props --test zoo --test game_laws" ;;
    prover) echo "--lib --test paint_period --test octal_period --test zoo" ;;
    sevens-*) echo "--lib --test sevens_movegen --test sevens_certify --test sevens_props --test zoo --test game_laws" ;;
    judge) echo "--lib --test stress_judge" ;;
    stress-cli) echo "--lib --test stress_judge --test stress_gen --test contest --test stress_cli" ;;
    stress) echo "--lib --test stress_flaky --test stress_shrink --test stress_paint --test octal_cli" ;;
    readers) echo "--lib --test marble_cli --test paint_cli --test sevens_cli --test line_ends --test marble_laws --test paint_laws --test sevens_sample" ;;
    perft) echo "--lib --test perft" ;;
    octal) echo "--lib --test octal_cli --test octal_fuzz_props --test octal_period --test octal_props --test game_laws" ;;
    octal-sparse) echo "--lib --test octal_sparse --test octal_props --test octal_cli" ;;
    oracle) echo "--lib --test loopy" ;;
    esac
}

sets="harness geometry marble-geometry marble-movegen marble-solvers marble-export paint-movegen paint-period paint-shrink prover sevens-movegen sevens-search judge stress stress-cli readers perft octal octal-sparse oracle"
if [ $# -eq 0 ] || [ "$1" = list ]; then
    for s in $sets; do printf '%-16s %s\n' "$s" "$(set_files "$s")"; done
    exit 0
fi
set_name=$1
shift
files=$(set_files "$set_name") || { echo "unknown set '$set_name' (try: $0 list)" >&2; exit 2; }

args=()
for f in $files; do args+=(--file "$f"); done
# the test subset goes to every cargo call (-C), so each mutant builds only those test
# binaries (`cargo test --no-run` would otherwise build all ~30 of them)
for a in $(set_tests "$set_name"); do args+=("--cargo-arg=$a"); done
# the test binaries live in the workspace's root package (gamecheck-cli), the mutated
# files in crates/: test the workspace, filtered to the set's targets
args+=(--workspace --test-workspace=true)
# cargo-mutants runs its baseline (the unmutated tree) with the mutated package's tests
# only, where the set's test targets are not: run the baseline here instead, over the
# workspace, and time the mutants from it (3x the baseline's test time, plus 30 s)
case " $* " in
*" --list "* | *" --list-files "*) ;;
*)
    tests=$(set_tests "$set_name")
    # shellcheck disable=SC2086 # the test list is words
    cargo test --profile mutants --workspace $tests --no-run
    started=$SECONDS
    # shellcheck disable=SC2086
    cargo test --profile mutants --workspace $tests || {
        echo "the baseline fails: fix the tests before mutating" >&2
        exit 1
    }
    args+=(--baseline=skip --timeout $((3 * (SECONDS - started) + 30)))
    ;;
esac
# one job (2 cores); `--in-place` (mutate this tree, reuse its target dir) is always one
case " $* " in *" --in-place "*) ;; *) args+=(--jobs 1) ;; esac
exec cargo mutants "${args[@]}" "$@"
