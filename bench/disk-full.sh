#!/bin/bash
# Each writing command on a 1 MB tmpfs nearly full: the one-line message, nothing partial; then free the space and resume.
# Needs root (mount). Usage: sudo bench/disk-full.sh  (after npm run build)
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
S="node $ROOT/dist/cli/main.js"
M=/mnt/tailfull
mkdir -p $M; umount $M 2>/dev/null; mount -t tmpfs -o size=1m tmpfs $M
fill() { rm -f $M/filler; dd if=/dev/zero of=$M/filler bs=1k count=$1 2>/dev/null; }
free() { rm -f $M/filler; }
show() { echo "  files: $(cd $M/$1 2>/dev/null && ls -A | tr '\n' ' ')"; }
cd $ROOT
echo "== run"; fill 960
$S run sims/quickstart.json --games 40 --workers 2 --out $M/run --no-report >/dev/null; echo "  rc=$?"; show run
free; $S run sims/quickstart.json --games 40 --workers 2 --out $M/run --no-report --resume >/dev/null 2>&1; echo "  resume rc=$?"; show run; rm -rf $M/run
echo "== sweep"; fill 990
$S sweep sims/experiments/shieldbearer-cost.json --games 8 --workers 2 --out $M/sweep --no-report >/dev/null; echo "  rc=$?"; show sweep
free; $S sweep sims/experiments/shieldbearer-cost.json --games 8 --workers 2 --out $M/sweep --no-report --resume >/dev/null 2>&1; echo "  resume rc=$?"; show sweep; rm -rf $M/sweep
echo "== tournament"; fill 990
$S tournament --policies random,aggressive --armies sims/armies/ironbound-400.json,sims/armies/tuskfell-400.json --scenarios raid --games 40 --workers 2 --out $M/tour --no-report >/dev/null; echo "  rc=$?"; show tour
free; $S tournament --policies random,aggressive --armies sims/armies/ironbound-400.json,sims/armies/tuskfell-400.json --scenarios raid --games 40 --workers 2 --out $M/tour --no-report --resume >/dev/null 2>&1; echo "  resume rc=$?"; show tour; rm -rf $M/tour
echo "== campaign"; fill 1000
$S campaign sims/campaigns/nyrcon-sample.json --campaigns 6 --battle-policy random --workers 2 --out $M/camp --no-report >/dev/null; echo "  rc=$?"; show camp
free; $S campaign sims/campaigns/nyrcon-sample.json --campaigns 6 --battle-policy random --workers 2 --out $M/camp --no-report --resume >/dev/null 2>&1; echo "  resume rc=$?"; show camp; rm -rf $M/camp
echo "== merge"; free
for k in 1 2; do $S run sims/quickstart.json --games 20 --workers 2 --shard $k/2 --out /tmp/tailfull-s$k --no-report >/dev/null 2>&1; done
fill 1000
$S merge /tmp/tailfull-s1 /tmp/tailfull-s2 --out $M/merged >/dev/null; echo "  rc=$?"; show merged
free; $S merge /tmp/tailfull-s1 /tmp/tailfull-s2 --out $M/merged >/dev/null; echo "  again rc=$?"; show merged
rm -rf /tmp/tailfull-s1 /tmp/tailfull-s2
echo "== play --log"; fill 1000
$S play --army-a sims/armies/ironbound-800.json --army-b sims/armies/tuskfell-800.json --log $M/play/log.jsonl >/dev/null; echo "  rc=$?"; show play
echo "== dice table --csv"; fill 1020
$S dice table --attacks 1..30 --clash 1..6 --defense 0..6 --csv $M/dice/t.csv >/dev/null; echo "  rc=$?"; show dice
echo "== report"; free; $S run sims/quickstart.json --games 8 --workers 2 --out $M/rep --no-report >/dev/null 2>&1; fill 1000
$S report $M/rep >/dev/null; echo "  rc=$?"; show rep
umount $M
