#!/usr/bin/env bash
# The MCTS bot (1 s a decision, no rollouts) against the scripted bot on board 11, Human v
# Human: seeds 1-SEEDS, each once home and once away, one game a process, all at once (for a
# machine with a core or so per game). Each game's JSON row is appended to $OUT/results.jsonl
# as it ends; a game still running after LIMIT seconds is stopped and left out.
#   OUT=runs/mcts-scripted LIMIT=575 bash bench/mcts_scripted_row.sh
# PY (default python3), SECS (1), SEEDS (10), ENGINE (native), LIMIT (3600), OUT (runs/mcts-scripted).
set -u
cd "$(dirname "$0")/.."
PY=${PY:-python3} SECS=${SECS:-1} SEEDS=${SEEDS:-10} ENGINE=${ENGINE:-native} LIMIT=${LIMIT:-3600}
OUT=${OUT:-runs/mcts-scripted}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
work="$(mktemp -d)"
for seed in $(seq 1 "$SEEDS"); do
    for side in home away; do
        ( timeout "$LIMIT" "$PY" bench/mcts_results.py --boards 11 --games 1 --seed "$seed" --seconds "$SECS" \
              --rollouts 0 --opponent scripted --teams human human --sides "$side" --engine "$ENGINE" --json \
              > "$work/$seed-$side.out" 2> "$work/$seed-$side.err"
          echo "seed $seed $side: exit $? at $(date -u +%T)" >> "$OUT/status.txt"
          grep '^\[' "$work/$seed-$side.out" >> "$OUT/results.jsonl" ) &
    done
done
wait
cat "$OUT/status.txt"
