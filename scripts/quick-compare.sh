#!/usr/bin/env bash
# The quick comparison: every fenkit benchmark beside its peer in one table, then one line of
# ratios for machines to read:
#
#   scripts/quick-compare.sh
#
# It builds the benchmarks first (cached after the first time), then runs, in about 2 minutes on
# 2 cores: the DFEN parse benchmark (fenkit and shakmaty on the same 100,000 FENs, the memchr
# line-split floor, and the same positions as three-check and crazyhouse FENs), the FEN4
# benchmark (parse beside the I/O floor: reading a file of the same literals and splitting it
# with memchr) and the end-to-end benchmark (`fenkit check` / `fmt --check`, 1 and 2 threads,
# peak RSS, and two one-thread runs at once as the machine's two-CPU ceiling). Times are the
# fastest sample of each row: other work on the machine only ever slows a sample down. The DFEN
# passes and their shakmaty peers are timed alternately, round after round, so both sides of each
# ratio see the same machine.
#
# `scripts/quick-compare.sh --build-only` builds the benchmarks and stops. `--check` only
# type-checks them (no optimised build): CI runs it, so that the package and bench names here
# cannot go stale unseen, in seconds rather than the minutes of a release build.
#
# Environment: SAMPLES (rounds for DFEN, divan samples per FEN4 row; default 20), FENKIT_E2E_RUNS (rounds, default 3),
# FENKIT_E2E_LINES (default 1000000), CARGO_TARGET_DIR as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${SAMPLES:-20}"
export FENKIT_E2E_RUNS="${FENKIT_E2E_RUNS:-3}"

if [ "${1:-}" = "--check" ]; then
  cargo check -q --locked -p fenkit-chess --bench parse
  cargo check -q --locked -p fenkit-fen4 --bench parse
  cargo check -q --locked -p fenkit --bench e2e
  exit 0
fi
echo "building the benchmarks…" >&2
cargo bench -p fenkit-chess --bench parse --no-run -q
cargo bench -p fenkit-fen4 --bench parse --no-run -q
cargo bench -p fenkit --bench e2e --no-run -q
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "DFEN parse and write (100,000 FENs from seeded random games, also as three-check and crazyhouse; fenkit and shakmaty passes interleaved, fastest of $samples rounds)" >&2
INTERLEAVED="$samples" cargo bench -q -p fenkit-chess --bench parse 2>/dev/null >"$tmp/dfen.txt"
echo "FEN4 parse beside the I/O floor (floor and parse interleaved, fastest of $samples rounds)" >&2
INTERLEAVED="$samples" cargo bench -q -p fenkit-fen4 --bench parse 2>/dev/null >"$tmp/fen4.txt"
echo "end to end (fenkit check / fmt --check, $FENKIT_E2E_RUNS rounds)" >&2
cargo bench -q -p fenkit --bench e2e 2>/dev/null >"$tmp/e2e.txt"

echo
echo "== fenkit vs peers and floors ($(date -u +%Y-%m-%d), $(nproc) CPUs) =="
echo "-- DFEN (targets: parse >= 2x shakmaty, parse+findings+write >= 2x parse+validate+write; variants: parse+findings faster than shakmaty's parse into the variant, at most 1.3x the cost of the standard parse+findings)"
grep -v '^RATIOS' "$tmp/dfen.txt"
echo
echo "-- FEN4 (target: parse >= 0.33 of the I/O floor's bytes per second: reading an ~8 MiB file of the same literals + memchr lines)"
grep -v '^RATIOS' "$tmp/fen4.txt"
echo
echo "-- end to end (targets: check 1 thread >= 0.25 of the floor's lines/s, 2 threads >= 1.7x 1 thread, RSS < 64 MB at 1 GB)"
grep -v '^RATIOS' "$tmp/e2e.txt"
echo
e2e="$(grep '^RATIOS' "$tmp/e2e.txt" | sed 's/^RATIOS //')"
echo "RATIOS $(grep '^RATIOS' "$tmp/dfen.txt" | sed 's/^RATIOS //')" \
  "$(grep '^RATIOS' "$tmp/fen4.txt" | sed 's/^RATIOS //')" \
  "$e2e"
