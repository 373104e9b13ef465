#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) with cargo-fuzz on nightly, installing
# cargo-fuzz if it is missing. Seed corpora are built under fuzz/corpus/<target>/ (ignored by
# git) from the bundled examples, the spec files and, where it is present, ../shared/corpus.
# A crash is left in fuzz/artifacts/<target>/: minimise it, fix it, and keep the input under
# fuzz/regressions/<target>/, which `cargo test` replays on stable.
#
# Memory is bounded so that amplification is a crash: no input of 64 KiB may make a single
# allocation past 64 MiB (1,000 times its size), and the process may not pass 1 GiB. A point
# list that expanded its rectangles (`AB[aa:ZZ]` repeated) would cross both. The address
# sanitizer's quarantine of freed memory counts in the process's size: it is kept to 64 MiB, so
# that what the limit sees is what the targets hold (with its default, loading the seeds alone
# passed 512 MiB).
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=64}"
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"

command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked

seed() {
    local target="$1"; shift
    mkdir -p "corpus/$target"
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "corpus/$target/$(basename "$file")-$(cksum <"$file" | cut -d' ' -f1)"
    done
    return 0
}

shared=../../shared/corpus
seed spec ../spec/*.spec ../tests/fixtures/*.spec
seed parse ../examples/*.sgf
seed blocks ../examples/*.sgf
seed lean ../examples/*.sgf
seed collection ../examples/*.sgf
seed repair ../examples/*.sgf
seed roundtrip ../examples/*.sgf
# The quirks and analysis of known sources (spec/sources.spec), for repair with --source-quirks.
seed repair ../sgf-core/tests/sources/*.sgf
# Records of other formats (GIB, NGF, UGF, UGI), damaged ones too.
seed formats ../sgf-core/tests/formats/*.gib ../sgf-core/tests/formats/*.ngf \
    ../sgf-core/tests/formats/*.ugf ../sgf-core/tests/formats/*.ugi
if [ -d "$shared" ]; then
    # Small files of every kind: broken ones, legacy charsets, a sample of the bulk.
    mapfile -t files < <(find "$shared/broken" "$shared/encodings" "$shared/spec" -name '*.sgf' -size -64k | sort)
    seed parse "${files[@]}"
    mapfile -t bulk < <(find "$shared/bulk" -name '*.sgf' -size -16k | sort | awk 'NR % 50 == 1')
    seed parse "${bulk[@]}"
    seed blocks "${files[@]}" "${bulk[@]}"
    seed lean "${files[@]}" "${bulk[@]}"
    seed collection "${files[@]}" "${bulk[@]}"
    seed repair "${files[@]}"
    seed roundtrip "${files[@]}"
    # Real text in legacy charsets: the charset target reads any bytes as values.
    mapfile -t encodings < <(find "$shared/encodings" -name '*.sgf' -size -8k | sort)
    seed charset "${encodings[@]}"
else
    echo "note: $shared is absent; the parse target starts from the bundled examples only" >&2
fi
# The values target reads NUL-separated fields: a board size byte, an identifier, values.
mkdir -p corpus/values
printf '\x13\x00B\x00dd' >corpus/values/go-move
printf '\x13\x00AB\x00aa:cc\x00dd' >corpus/values/go-rectangle
printf '\x13\x00LB\x00dd:label' >corpus/values/go-label
printf '\x05\x00AS\x0046CD:48' >corpus/values/octi-arrow
printf '\x13\x00W\x0031hefe' >corpus/values/backgammon-move
# The typed_roundtrip target makes a collection of any bytes: a few random ones are seeds enough.
mkdir -p corpus/typed_roundtrip
head -c 2048 /dev/urandom >corpus/typed_roundtrip/random-2048-bytes

cargo +nightly fuzz build
targets=$(cargo +nightly fuzz list)
# Every target starts from its regressions at least, so that each has a seed folder.
for target in $targets; do
    seed "$target" regressions/"$target"/*
done
for target in $targets; do
    echo "== $target for ${seconds}s"
    cargo +nightly fuzz run "$target" "corpus/$target" -- -max_total_time="$seconds" -max_len=65536 \
        -malloc_limit_mb=64 -rss_limit_mb=1024
done
