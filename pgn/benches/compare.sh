#!/usr/bin/env bash
# One thread, the same file, round after round: fenkit's PGN reader checking every move of the
# mainline and of every variation with every finding (the `pgn_time` example), and pgn-reader's
# mainline check (pgn/benches/peer), interleaved; then python-chess's `read_game` with
# `game.errors`, once. Prints each run's MB/s; docs/performance.md records them.
#
# usage: pgn/benches/compare.sh [ROUNDS] FILE...
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=5
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then rounds=$1; shift; fi
python="${FENKIT_PYTHON:-target/pgn-venv/bin/python}"
cargo build --quiet --release -p fenkit-pgn --example pgn_time
cargo build --quiet --release --manifest-path pgn/benches/peer/Cargo.toml --target-dir target/pgn-peer
for file in "$@"; do
  for _ in $(seq "$rounds"); do
    echo "fenkit:       $(target/release/examples/pgn_time "$file" 1)"
    echo "pgn-reader:   $(target/pgn-peer/release/pgn-peer "$file")"
  done
  if [ -x "$python" ]; then
    echo "python-chess: $("$python" - "$file" <<'PY'
import sys, time, logging
import chess.pgn
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
path = sys.argv[1]
size = len(open(path, "rb").read())
start = time.perf_counter()
games = errors = 0
with open(path, encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        games += 1
        errors += bool(game.errors)
print(f"{games} games, {errors} with errors, {size / 1e6 / (time.perf_counter() - start):.2f} MB/s")
PY
)"
  fi
done
