#!/usr/bin/env bash
# The quick comparison: every fenkit benchmark beside its peer in one table, then one line of
# ratios for machines to read:
#
#   scripts/quick-compare.sh
#
# It builds the benchmarks first (cached after the first time), then runs, in about a minute on
# 2 cores: the DFEN parse benchmark (fenkit and shakmaty on the same 100,000 FENs, and the
# memchr line-split floor), the FEN4 benchmark (parse and the floor on the same bytes) and the
# end-to-end benchmark (`fenkit check` / `fmt --check`, 1 and 2 threads, peak RSS). Times are the
# fastest sample of each row: other work on the machine only ever slows a sample down.
#
# Environment: SAMPLES (divan samples per row, default 20), FENKIT_E2E_RUNS (default 1),
# FENKIT_E2E_LINES (default 1000000), CARGO_TARGET_DIR as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${SAMPLES:-20}"
export FENKIT_E2E_RUNS="${FENKIT_E2E_RUNS:-1}"

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

echo "DFEN parse and write (100,000 FENs from seeded random games; divan, fastest of $samples samples)" >&2
cargo bench -q -p dfen --bench parse -- --sample-count "$samples" 2>/dev/null | tee "$tmp/dfen.txt" | fastest >"$tmp/dfen.ns"
echo "FEN4 parse and display (divan, fastest of $samples samples)" >&2
cargo bench -q -p fen4 --bench parse -- --sample-count "$samples" 2>/dev/null | tee "$tmp/fen4.txt" | fastest >"$tmp/fen4.ns"
cargo bench -q -p convert-cli --bench e2e 2>/dev/null >"$tmp/e2e.txt"

get() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; printf (r < 0.1 ? "%.4f" : "%.2f"), r }'; }
d="$tmp/dfen.ns"; f="$tmp/fen4.ns"
pad() { printf '%-34s %14s %14s %8s  %s\n' "$@"; }

echo
echo "== fenkit vs peers and floors ($(date -u +%Y-%m-%d), $(nproc) CPUs) =="
pad "what" "fenkit" "peer/floor" "ratio" "target"
row() { # label ours-ns peer-ns target
  pad "$1" "$(awk -v v="$2" 'BEGIN { printf "%.2f ms", v / 1e6 }')" \
    "$(awk -v v="$3" 'BEGIN { printf "%.2f ms", v / 1e6 }')" "$(ratio "$3" "$2")x" "$4"
}
row "DFEN parse vs shakmaty parse" "$(get $d dfen_parse)" "$(get $d shakmaty_parse)" ">= 2x"
row "DFEN parse+findings vs sh. parse" "$(get $d dfen_parse_findings)" "$(get $d shakmaty_parse)" "-"
row "DFEN Display vs shakmaty Display" "$(get $d dfen_display)" "$(get $d shakmaty_display)" "-"
row "DFEN parse+find+write vs p+v+w" "$(get $d dfen_parse_findings_write)" "$(get $d shakmaty_parse_validate_write)" ">= 2x"
row "DFEN parse vs line-split floor" "$(get $d dfen_parse)" "$(get $d io_floor_split_lines)" "-"
row "FEN4 parse small vs floor" "$(get $f parse_small)" "$(get $f floor_small)" ">= 0.33x"
row "FEN4 parse 896 vs floor" "$(get $f parse_large/start_896)" "$(get $f floor_large/start_896)" ">= 0.33x"
row "FEN4 parse 4096 vs floor" "$(get $f parse_large/full_4096)" "$(get $f floor_large/full_4096)" ">= 0.33x"
echo
grep -v '^RATIOS' "$tmp/e2e.txt"
echo
e2e="$(grep '^RATIOS' "$tmp/e2e.txt" | sed 's/^RATIOS //')"
echo "RATIOS dfen_parse_vs_shakmaty=$(ratio "$(get $d shakmaty_parse)" "$(get $d dfen_parse)")" \
  "dfen_parse_findings_write_vs_shakmaty=$(ratio "$(get $d shakmaty_parse_validate_write)" "$(get $d dfen_parse_findings_write)")" \
  "dfen_display_vs_shakmaty=$(ratio "$(get $d shakmaty_display)" "$(get $d dfen_display)")" \
  "fen4_parse_small_vs_floor=$(ratio "$(get $f floor_small)" "$(get $f parse_small)")" \
  "fen4_parse_4096_vs_floor=$(ratio "$(get $f floor_large/full_4096)" "$(get $f parse_large/full_4096)")" \
  "$e2e"
