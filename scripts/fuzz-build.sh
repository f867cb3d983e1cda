#!/usr/bin/env bash
# Builds every cargo-fuzz target the one way this project builds them for fuzzing:
# .ci/run, scripts/fuzz-long.sh and .clusterfuzzlite/build.sh all call this script, so
# the ClusterFuzzLite build is the build CI tests.
#
#   scripts/fuzz-build.sh [extra cargo-fuzz build flags…]
#
# Release optimizations with debug assertions and overflow checks on (cargo-fuzz's
# default), address sanitizer (cargo-fuzz's default). Needs a nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz --locked`). CARGO_FUZZ overrides the command
# (ClusterFuzzLite's image has nightly as its only toolchain: `cargo fuzz`).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
${CARGO_FUZZ:-cargo +nightly fuzz} build --release --debug-assertions "$@"
