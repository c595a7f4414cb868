#!/bin/bash
# Built-in bots pay nothing for the plugin decision watch: games/s of
# the same runs on two builds, taking turns (this VM drifts ±30% in minutes).
#   bench/watch-overhead.sh BASE_CHECKOUT [rounds]     (both with `npm run build` done)
# Prints, per round, games/s of the quickstart (real engine, 1 worker, 216 games)
# and of the stand-in game (runner only, 1 worker, 40,000 games) on each side.
BASE=${1:?usage: bench/watch-overhead.sh BASE_CHECKOUT [rounds]}
NEW=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${2:-5}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
rate() { node -e "console.log(require('$1/manifest.json').timings.gamesPerSecond)"; }
for round in $(seq "$ROUNDS"); do
  line="$round"
  for side in "$BASE" "$NEW"; do
    node "$side/dist/cli/main.js" run "$NEW/sims/quickstart.json" --games 24 --workers 1 --chunk 8 --out "$OUT/q" --no-report >/dev/null 2>&1
    q=$(rate "$OUT/q"); rm -rf "$OUT/q"
    node "$side/dist/cli/main.js" run "$NEW/test/runner/fixtures/sims/tiny.json" --game-module "$NEW/test/runner/fixtures/fake-game.mjs" --games 10000 --workers 1 --out "$OUT/s" --no-report >/dev/null 2>&1
    s=$(rate "$OUT/s"); rm -rf "$OUT/s"
    line="$line  $q $s"
  done
  echo "$line   (round: base quickstart, base stand-in, new quickstart, new stand-in)"
done
