#!/usr/bin/env bash
# Speed sweep of the device-wide int32 inclusive sum against CUB (README "GPU", issue 8 "Speed"), for a Linux
# x86-64 machine with an NVIDIA driver and the CUDA toolkit (nvcc) but no Java or Maven; same bundle as
# gpu-check.sh. Prepare on a development machine: ../shared/tools/gpu-bundle.sh (from the project root) .gpu
# Then, from the repository root on the GPU machine:  OUT=results .ci/gpu-perf.sh
#   PHASE=bench|check|all (default all): the benchmark rounds, the correctness checks of every candidate, or both.
#   ROUNDS=N (default 3): rounds over all candidates (round-robin, so drift hits every candidate alike); round 1
#   times 2^24, 2^28 and 2^30, later rounds 2^28 only.
# Writes under "$OUT": device.txt, bench.txt (every table), summary.txt (2^28: ours, CUB, ours/CUB per candidate
# and round, then the median ratio per candidate, best first), check.json, log.txt.
# Exit status: 0 every check passed, 1 a check failed, 2 no CUDA driver/device/nvcc or no bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
PHASE=${PHASE:-all}
ROUNDS=${ROUNDS:-3}
mkdir -p "$OUT"
JAVA=.gpu/jre/bin/java
if [ ! -x "$JAVA" ]; then
  echo "no bundle: run ../shared/tools/gpu-bundle.sh (from the project root) .gpu on a machine with Java and Maven first" | tee "$OUT/log.txt"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/.gpu/cache}
LIMIT=${LIMIT:-300}
entangle() { timeout "$LIMIT" "$JAVA" -Xmx48g -cp '.gpu/classes:.gpu/lib/*' org.entangle.Main "$@"; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/log.txt"; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1; nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"
log "probe"
entangle gpu-check --family sklansky --n 256 --device-wide --sizes 1 --seed 1 > "$OUT/probe.txt" 2>&1
if [ $? -eq 2 ]; then
  tee -a "$OUT/log.txt" < "$OUT/probe.txt"
  exit 2
fi

BASE="--family sklansky --n 256 --device-wide"
# Candidates: label|options added to BASE. The first is the current default.
CANDIDATES=(
  "default (24 items, 8 blocks/SM)|"
  "cache hints (__ldg, __stcs)|--cache-hints"
  "look-back warp|--lookback-warp"
  "look-back warp + cache hints|--lookback-warp --cache-hints"
  "28 items|--items 28"
  "28 items + look-back warp + cache hints|--items 28 --lookback-warp --cache-hints"
  "32 items, 8 blocks/SM asked|--items 32 --min-blocks 8"
  "items in registers, 16 items, 8 blocks/SM|--items-in-registers --items 16 --min-blocks 8"
  "items in registers + look-back warp + cache hints|--items-in-registers --items 16 --min-blocks 8 --lookback-warp --cache-hints"
  "width 128 + look-back warp + cache hints|--n 128 --lookback-warp --cache-hints"
  "warp scans instead of the network|--warp-scan"
  "warp scans + look-back warp + cache hints|--warp-scan --lookback-warp --cache-hints"
)
status=0

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio_at_2_28() {  # ratio_at_2_28 LABEL ROUND < gpu-bench table: appends to summary.txt and ratios.tsv
  awk -v l="$1" -v r="$2" -v tsv="$OUT/ratios.tsv" '$1 == 268435456 {
    printf "round %s  %-60s ours %s  cub %s  ours/cub %s\n", r, l, $2, $4, $7; printf "%s\t%s\n", l, $7 >> tsv }' >> "$OUT/summary.txt"
}

if [ "$PHASE" = bench ] || [ "$PHASE" = all ]; then
  : > "$OUT/summary.txt"; : > "$OUT/ratios.tsv"
  for round in $(seq 1 "$ROUNDS"); do
    sizes=2^28
    [ "$round" -eq 1 ] && sizes=2^24,2^28,2^30
    for entry in "${CANDIDATES[@]}"; do
      label=${entry%%|*}; opts=${entry#*|}
      log "bench round $round: $label"
      echo "### round $round: $label: gpu-bench $BASE $opts --sizes $sizes --vs cub" >> "$OUT/bench.txt"
      # shellcheck disable=SC2086
      entangle gpu-bench $BASE $opts --sizes "$sizes" --vs cub --runs 40 > "$OUT/bench.part" 2>&1 || log "bench failed: $label"
      cat "$OUT/bench.part" >> "$OUT/bench.txt"
      ratio_at_2_28 "$label" "$round" < "$OUT/bench.part"
    done
  done
  rm -f "$OUT/bench.part"
  echo "median ours/CUB at 2^28 over $ROUNDS rounds, best first:" >> "$OUT/summary.txt"
  for entry in "${CANDIDATES[@]}"; do
    label=${entry%%|*}
    printf "%s  %s\n" "$(awk -F'\t' -v l="$label" '$1 == l { print $2 }' "$OUT/ratios.tsv" | median)" "$label"
  done | sort -n >> "$OUT/summary.txt"
  tail -n "${#CANDIDATES[@]}" "$OUT/summary.txt" | tee -a "$OUT/log.txt"
fi

if [ "$PHASE" = check ] || [ "$PHASE" = all ]; then
  for entry in "${CANDIDATES[@]}"; do
    label=${entry%%|*}; opts=${entry#*|}
    log "check $label"
    # shellcheck disable=SC2086
    entangle gpu-check $BASE $opts --type int32 --type float64 --op add \
      --sizes "0,1,31,32,33,tile-1,tile,tile+1,10^6+7,2^28" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" \
      || { status=1; log "FAILED: $label"; }
  done
  log "check look-back warp and cache hints with exclusive, backward, segmented (no vectors) and other types"
  entangle gpu-check $BASE --lookback-warp --cache-hints --type int32 --type int64 --type float32 --type float64 --op add --op max \
    --exclusive --backward --segmented --sizes "0,1,33,tile-1,tile,tile+1,10^6+7" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" \
    || { status=1; log "FAILED: look-back warp variants"; }
  entangle gpu-check $BASE --warp-scan --items-in-registers --type int64 --type float32 --op add --op min \
    --exclusive --backward --segmented --sizes "0,1,33,tile-1,tile,tile+1,10^6+7" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" \
    || { status=1; log "FAILED: warp scan variants"; }
  entangle gpu-check --family blelloch --n 128 --device-wide --lookback-warp --warp-scan --type int32 --op add \
    --sizes "0,1,33,tile-1,tile,tile+1,10^6+7,2^24" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" \
    || { status=1; log "FAILED: warp scans over an exclusive network's kernel"; }
  entangle gpu-check --family blelloch --n 128 --device-wide --lookback-warp --type int32 --type float32 --op add --op min \
    --sizes "0,1,33,tile-1,tile,tile+1,10^6+7,2^24" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" \
    || { status=1; log "FAILED: look-back warp, exclusive network"; }
  log "checks: $(grep -c '"passed" : true' "$OUT/check.json") passed, $(grep -c '"passed" : false' "$OUT/check.json") failed"
fi
log "done, status $status"
exit $status
