#!/bin/bash -eu
# ClusterFuzzLite build: the same build as CI (.ci/run calls scripts/fuzz-build.sh too),
# then every target copied to $OUT with its committed seed corpus.
# The base-builder-rust image's only toolchain is nightly, and its cargo wrapper adds the
# sanitizer flags the build asks for.
cd "$SRC/gamecheck"
CARGO_FUZZ="cargo fuzz" scripts/fuzz-build.sh
bin=fuzz/target/x86_64-unknown-linux-gnu/release
for t in $(cd fuzz && cargo fuzz list); do
    cp "$bin/$t" "$OUT/"
    if [ -d "fuzz/corpus/$t" ]; then
        (cd "fuzz/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
    fi
done
