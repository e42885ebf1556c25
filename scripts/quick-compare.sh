#!/usr/bin/env bash
# The quick comparison: every fenkit benchmark beside its peer in one table, then one line of
# ratios for machines to read:
#
#   scripts/quick-compare.sh
#
# It builds the benchmarks first (cached after the first time), then runs, in about a minute on
# 2 cores: the DFEN parse benchmark (fenkit and shakmaty on the same 100,000 FENs, and the
# memchr line-split floor), the FEN4 benchmark (parse beside the I/O floor: reading a file of the
# same literals and splitting it with memchr) and the end-to-end benchmark (`fenkit check` /
# `fmt --check`, 1 and 2 threads, peak RSS, and two one-thread runs at once as the machine's
# two-CPU ceiling). Times are the
# fastest sample of each row: other work on the machine only ever slows a sample down. The DFEN
# passes and their shakmaty peers are timed alternately, round after round, so both sides of each
# ratio see the same machine.
#
# Environment: SAMPLES (rounds for DFEN, divan samples per FEN4 row; default 20), FENKIT_E2E_RUNS (rounds, default 3),
# FENKIT_E2E_LINES (default 1000000), CARGO_TARGET_DIR as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${SAMPLES:-20}"
export FENKIT_E2E_RUNS="${FENKIT_E2E_RUNS:-3}"

echo "building the benchmarks…" >&2
cargo bench -p dfen --bench parse --no-run -q 2>/dev/null
cargo bench -p fen4 --bench parse --no-run -q 2>/dev/null
cargo bench -p convert-cli --bench e2e --no-run -q 2>/dev/null

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Divan prints a tree; keep "name fastest-in-ns" per row (nested rows as parent/child).
fastest() {
  LC_ALL=C awk '
    function ns(v, u) { return u == "ns" ? v : u == "ms" ? v * 1e6 : u == "s" ? v * 1e9 : v * 1e3 }
    /\xe2\x94\x80 / {
      child = ($0 ~ /^\xe2\x94\x82  / || $0 ~ /^   /)
      line = $0; sub(/^[^a-zA-Z0-9_]*/, "", line)
      n = split(line, f, /[ \t]+/)
      if (n < 3 || f[2] !~ /^[0-9.]+$/) { parent = f[1]; next }
      printf "%s %.1f\n", (child ? parent "/" f[1] : f[1]), ns(f[2], f[3])
    }'
}

echo "DFEN parse and write (100,000 FENs from seeded random games; fenkit and shakmaty passes interleaved, fastest of $samples rounds)" >&2
INTERLEAVED="$samples" cargo bench -q -p dfen --bench parse 2>/dev/null >"$tmp/dfen.txt"
echo "FEN4 parse and display (divan, fastest of $samples samples)" >&2
cargo bench -q -p fen4 --bench parse -- --sample-count "$samples" 2>/dev/null | tee "$tmp/fen4.txt" | fastest >"$tmp/fen4.ns"
cargo bench -q -p convert-cli --bench e2e 2>/dev/null >"$tmp/e2e.txt"

get() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; printf (r < 0.1 ? "%.4f" : "%.2f"), r }'; }
f="$tmp/fen4.ns"
pad() { printf '%-34s %14s %14s %8s  %s\n' "$@"; }

human() { awk -v v="$1" 'BEGIN { if (v >= 1e6) printf "%.2f ms", v / 1e6; else if (v >= 1e3) printf "%.2f us", v / 1e3; else printf "%.1f ns", v }'; }
row() { # label ours-ns peer-ns target
  pad "$1" "$(human "$2")" "$(human "$3")" "$(ratio "$3" "$2")x" "$4"
}
echo
echo "== fenkit vs peers and floors ($(date -u +%Y-%m-%d), $(nproc) CPUs) =="
echo "-- DFEN (targets: parse >= 2x shakmaty, parse+findings+write >= 2x parse+validate+write)"
grep -v '^RATIOS' "$tmp/dfen.txt"
echo
echo "-- FEN4 (target: parse >= 0.33 of the I/O floor's bytes per second: reading an ~8 MiB file of the same literals + memchr lines)"
pad "what" "fenkit" "floor" "ratio" "target"
row "FEN4 parse 2-64 pieces vs I/O floor" "$(get $f parse_file/small)" "$(get $f floor_file/small)" ">= 0.33x"
row "FEN4 parse 896 vs I/O floor" "$(get $f parse_file/start_896)" "$(get $f floor_file/start_896)" ">= 0.33x"
row "FEN4 parse 4096 vs I/O floor" "$(get $f parse_file/full_4096)" "$(get $f floor_file/full_4096)" ">= 0.33x"
echo "   (memchr alone over bytes in memory, no reading: a stricter floor, for reference)"
row "FEN4 parse 100 literals vs memchr" "$(get $f parse_small)" "$(get $f floor_small)" "-"
row "FEN4 parse 4096 vs memchr" "$(get $f parse_large/full_4096)" "$(get $f floor_large/full_4096)" "-"
echo
echo "-- end to end (targets: check 1 thread >= 0.25 of the floor's lines/s, 2 threads >= 1.7x 1 thread, RSS < 64 MB at 1 GB)"
grep -v '^RATIOS' "$tmp/e2e.txt"
echo
e2e="$(grep '^RATIOS' "$tmp/e2e.txt" | sed 's/^RATIOS //')"
echo "RATIOS $(grep '^RATIOS' "$tmp/dfen.txt" | sed 's/^RATIOS //')" \
  "fen4_parse_small_vs_floor=$(ratio "$(get $f floor_file/small)" "$(get $f parse_file/small)")" \
  "fen4_parse_896_vs_floor=$(ratio "$(get $f floor_file/start_896)" "$(get $f parse_file/start_896)")" \
  "fen4_parse_4096_vs_floor=$(ratio "$(get $f floor_file/full_4096)" "$(get $f parse_file/full_4096)")" \
  "$e2e"
