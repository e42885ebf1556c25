#!/usr/bin/env bash
# All threads against the two-CPU ceiling, in wall clock: `fenkit check FILE` (the default
# threads) against two `fenkit check --threads 1 FILE` at once, alternated round after round.
# The ratio is the default run's speed over the two runs' together: (two runs' wall) / (2 ×
# default run's wall). docs/performance.md records it (issue 38 §7: at least 0.9).
#
# usage: pgn/benches/ceiling.sh FENKIT FILE [ROUNDS]
set -euo pipefail
fenkit=$1
file=$2
rounds=${3:-3}
now() { date +%s.%N; }
for round in $(seq "$rounds"); do
  start=$(now)
  "$fenkit" check "$file" >/dev/null 2>&1 || true
  one=$(echo "$(now) - $start" | bc -l)
  start=$(now)
  "$fenkit" check --threads 1 "$file" >/dev/null 2>&1 &
  first=$!
  "$fenkit" check --threads 1 "$file" >/dev/null 2>&1 &
  second=$!
  wait "$first" "$second" || true
  two=$(echo "$(now) - $start" | bc -l)
  printf "round %d: default threads %.3f s, two one-thread runs at once %.3f s, ratio %.3f\n" \
    "$round" "$one" "$two" "$(echo "$two / (2 * $one)" | bc -l)"
done
