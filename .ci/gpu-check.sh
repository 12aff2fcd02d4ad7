#!/usr/bin/env bash
# GPU checks and benchmarks (README "GPU"), for a Linux x86-64 machine with an NVIDIA driver and the CUDA
# toolkit (nvcc) but no Java or Maven. Prepare on a development machine: ../shared/tools/gpu-bundle.sh (from the project root) .gpu
# Then, from the repository root on the GPU machine:  OUT=results .ci/gpu-check.sh
# Writes under "$OUT": device.txt, check.txt (probe), check.json (every check), bench.txt (speed), log.txt.
# Exit status: 0 all checks passed, 1 a check failed, 2 no CUDA driver/device/nvcc or no bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
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
entangle gpu-check --family kogge-stone --n 32 --sizes 1 --seed 1 > "$OUT/check.txt" 2>&1
rc=$?
if [ $rc -eq 2 ]; then
  cat "$OUT/check.txt" | tee -a "$OUT/log.txt"
  exit 2
fi

status=0
check() {  # check LABEL ARGS...: one JSON array per call appended to check.json, a summary in log.txt
  local label=$1; shift
  log "check $label"
  entangle gpu-check "$@" --seed 20261122 --json >> "$OUT/check.json" 2>> "$OUT/log.txt"
  local rc=$?
  [ $rc -eq 0 ] || { status=1; log "FAILED: $label (exit $rc)"; }
}
bench() {  # bench LABEL ARGS...: the table appended to bench.txt
  local label=$1; shift
  log "bench $label"
  entangle gpu-bench "$@" >> "$OUT/bench.txt" 2>&1 || log "bench failed: $label"
}
# knowles (default parameter) overlaps ranges: correct for idempotent operators only, so it runs with max and min.
FAMILIES=$(for f in serial sklansky kogge-stone brent-kung han-carlson ladner-fischer blelloch brent-kung-radix; do printf -- '--family %s ' "$f"; done)
ALL_TYPES="--type int32 --type int64 --type float32 --type float64 --op add --op max --op min"
SMALL="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7"

check "device-wide smoke" --family sklansky --n 128 --device-wide --sizes "$SMALL"
check "block smoke" --family brent-kung --n 256 --sizes "$SMALL"
bench "device-wide int32 add, sklansky-128 (defaults)" --family sklansky --n 128 --device-wide --vs cub
bench "device-wide int32 add, sklansky-256 (defaults: direct layout, early look-back, 25 items, 8 blocks per SM)" --family sklansky --n 256 --device-wide --sizes 2^20,2^24,2^28,2^30 --vs cub --rounds ${ROUNDS:-5}
bench "device-wide int32 add, sklansky-256, padded layout (24 items)" --family sklansky --n 256 --device-wide --layout padded --sizes 2^24,2^28,2^30 --vs cub --rounds 3
bench "device-wide int32 add, first kernel (24 items, scalar access, no launch bounds, no back-off)" --family sklansky --n 128 --device-wide --layout padded --items 24 --min-blocks 0 --backoff 0 --scalar-access --sizes 2^24,2^28 --vs cub
bench "device-wide int32 add, other networks" --family kogge-stone --family brent-kung --family ladner-fischer --n 128 --device-wide --sizes 2^28 --vs cub
check "device-wide, every type and operator" --family sklansky --n 128 --device-wide $ALL_TYPES
check "device-wide exclusive/backward/segmented" --family brent-kung --n 256 --device-wide $ALL_TYPES --exclusive --backward --segmented --sizes "$SMALL,2^24"
check "device-wide segmented" --family kogge-stone --n 64 --device-wide --type int32 --type float64 --op add --op max --segmented --sizes "$SMALL,2^24"
check "device-wide, items in registers" --family sklansky --n 128 --device-wide --items-in-registers $ALL_TYPES --sizes "$SMALL,2^24"
check "device-wide, padded layout" --family sklansky --n 256 --device-wide --layout padded $ALL_TYPES --sizes "$SMALL,2^24"
check "device-wide, scalar access, no back-off" --family sklansky --n 128 --device-wide --scalar-access --min-blocks 0 --backoff 0 --type int32 --type float64 --op add --op max --sizes "$SMALL,2^24"
check "device-wide exclusive network" --family blelloch --n 128 --device-wide --type int32 --type float32 --op add --op min --sizes "$SMALL,2^24"
check "Brent–Kung program" networks/brent-kung.angel --n 1 --n 2 --n 3 --n 16 --n 100 --n 256 --n 1000 --n 1024 --n 4096 --n 12288 --type int32 --type float32 --op add --op max --sizes "$SMALL,2^24"
check "Kogge–Stone and Sklansky programs" networks/kogge-stone.angel networks/sklansky.angel --n 7 --n 256 --n 1024 --n 3000 --type int32 --type float64 --op add --op min --sizes "$SMALL"
check "program variants" networks/brent-kung.angel --n 100 --n 1024 $ALL_TYPES --exclusive --backward --segmented --sizes "$SMALL"
check "block, every family at 32, 256, 1024" $FAMILIES --n 32 --n 256 --n 1024 --sizes "$SMALL"
check "block, knowles at 32, 256, 1024" --family knowles --n 32 --n 256 --n 1024 --op max --op min --sizes "$SMALL"
check "block variants" --family han-carlson --family blelloch --n 64 $ALL_TYPES --exclusive --backward --segmented --sizes "$SMALL"
check "warp, every family at 32" $FAMILIES --n 32 --warp --type int32 --type float64 --op add --op max --sizes "$SMALL"
check "warp, knowles at 32" --family knowles --n 32 --warp --op max --op min --sizes "$SMALL"
check "warp variants" --family sklansky --family blelloch --n 16 --warp $ALL_TYPES --exclusive --backward --segmented --sizes "$SMALL"
log "checks: $(grep -c '"passed" : true' "$OUT/check.json") passed, $(grep -c '"passed" : false' "$OUT/check.json") failed"
log "done, status $status"
exit $status
