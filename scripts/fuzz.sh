#!/usr/bin/env bash
# Runs fenkit's fuzz targets (fuzz/, cargo-fuzz + libFuzzer) one after the other.
#
# usage: scripts/fuzz.sh [-m MINUTES] [--seeds] [TARGET...]
#
#   -m MINUTES   how long to fuzz each target (default 10)
#   --seeds      only run every committed seed once (a quick regression check)
#   TARGET...    dfen_parse fen4_parse ndjson4_lines json_input rules turns variant_parse
#                epd_parse pgn_tags csv_fields jsonl_field movetext variant_rules rewrite
#                (default: all fourteen)
#
# Works on the stable toolchain: cargo-fuzz builds with `--sanitizer none` (the libraries forbid
# unsafe code, so AddressSanitizer, which needs nightly, adds nothing). Install the runner once
# with `cargo install cargo-fuzz`; it needs a C++ compiler for libFuzzer.
#
# The working corpus grows in fuzz/corpus/TARGET (git-ignored); the committed, minimised seeds
# are in fuzz/seeds/TARGET. A crash is saved in fuzz/artifacts/TARGET and the run moves on to
# the next target; the script exits 1 when any target crashed. Logs: fuzz/target/logs/.
set -euo pipefail

minutes=10
seeds_only=0
targets=()
while (($#)); do
    case "$1" in
        -m) minutes="$2"; shift 2 ;;
        --seeds) seeds_only=1; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
((${#targets[@]})) || targets=(dfen_parse fen4_parse ndjson4_lines json_input rules turns variant_parse epd_parse pgn_tags csv_fields jsonl_field movetext variant_rules rewrite)

cd "$(dirname "$0")/../fuzz"
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: run \`cargo install cargo-fuzz\`" >&2
    exit 2
fi
# The fuzz package keeps its own target directory, whatever the caller's.
unset CARGO_TARGET_DIR
mkdir -p target/logs

dict_of() {
    case "$1" in
        dfen_parse) echo dicts/dfen.dict ;;
        fen4_parse) echo dicts/fen4.dict ;;
        ndjson4_lines) echo dicts/ndjson4.dict ;;
        json_input) echo dicts/json.dict ;;
        epd_parse) echo dicts/epd.dict ;;
        *) echo "" ;;
    esac
}
max_len_of() {
    case "$1" in
        dfen_parse|variant_parse) echo 1100 ;;  # a little over dfen::MAX_INPUT_LEN
        rules|turns) echo 256 ;;
        *) echo 4096 ;;
    esac
}

cargo fuzz build -s none
failed=()
for target in "${targets[@]}"; do
    log="target/logs/$target.log"
    flags=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "-max_len=$(max_len_of "$target")")
    dict="$(dict_of "$target")"
    [[ -n "$dict" ]] && flags+=("-dict=$dict")
    if ((seeds_only)); then
        echo "== $target: every seed once"
        if cargo fuzz run -s none "$target" "seeds/$target" -- -runs=0 "${flags[@]}" >"$log" 2>&1; then
            echo "   ok: $(grep -c . <(ls "seeds/$target")) seeds"
        else
            echo "   FAILED, see fuzz/$log"; failed+=("$target")
        fi
        continue
    fi
    mkdir -p "corpus/$target"
    echo "== $target: fuzzing for $minutes min (log: fuzz/$log)"
    status=0
    cargo fuzz run -s none "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time=$((minutes * 60)) "${flags[@]}" >"$log" 2>&1 || status=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    if ((status == 0)); then
        echo "   done: ${execs:-?} executions (${speed:-?}/s), $cov, no crash"
    else
        echo "   CRASH after ${execs:-?} executions: $(grep -m1 -A1 'panicked at' "$log" | tail -1)"
        echo "   $(grep -m1 'Test unit written to' "$log" || true)"
        failed+=("$target")
    fi
done
if ((${#failed[@]})); then
    echo "failed: ${failed[*]}"
    exit 1
fi
