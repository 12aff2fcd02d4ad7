#!/usr/bin/env bash
# Speed sweep of the device-wide int32 inclusive sum against CUB (README "GPU", issue 8 "Speed"), for a Linux
# x86-64 machine with an NVIDIA driver and the CUDA toolkit (nvcc) but no Java or Maven; same bundle as
# gpu-check.sh. Prepare on a development machine: ../shared/tools/gpu-bundle.sh (from the project root) .gpu
# Then, from the repository root on the GPU machine:  OUT=results .ci/gpu-perf.sh
#   BUNDLE=DIR (default .gpu): the bundle's folder.
#   PHASE=sweep|validate|all (default all). sweep: every candidate at SIZES against CUB (gpu-bench --rounds, ours,
#   memcpy and CUB in turn); the candidates marked eligible compete for the default, the lowest median ours/CUB
#   wins (WINNER=OPTIONS skips the sweep). validate: Nsight Compute profile of the winner (--clock-control none),
#   gpu-check of the winner for every type x operator at the protocol's sizes up to 2^28 and exclusive, backward and
#   segmented variants up to 2^24, then gpu-bench of the winner and of the padded layout at 2^20..2^30 against CUB.
#   ROUNDS=N (default 5): gpu-bench --rounds.  SIZES (default 2^28).  DEADLINE=S (default 0, none): skip what
#   would start after S seconds.
# Writes under "$OUT": device.txt, log.txt, sweep.txt (every table), summary.txt (per candidate: ours, CUB and
# ours/CUB with their ranges over the rounds, best first, and the winner), check.json, final-bench.txt,
# profile.txt and profile-summary.txt.
# Exit status: 0 every check passed, 1 a check failed, 2 no CUDA driver/device/nvcc or no bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
BUNDLE=${BUNDLE:-.gpu}
PHASE=${PHASE:-all}
ROUNDS=${ROUNDS:-5}
SIZES=${SIZES:-2^28}
DEADLINE=${DEADLINE:-0}
mkdir -p "$OUT"
JAVA=$BUNDLE/jre/bin/java
if [ ! -x "$JAVA" ]; then
  echo "no bundle: run ../shared/tools/gpu-bundle.sh (from the project root) $BUNDLE on a machine with Java and Maven first" | tee "$OUT/log.txt"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/$BUNDLE/cache}
LIMIT=${LIMIT:-150}
entangle() { timeout "$LIMIT" "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main "$@"; }
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/log.txt"; }
late() { [ "$DEADLINE" -gt 0 ] && [ "$SECONDS" -ge "$DEADLINE" ] && { log "skipped (deadline): $*"; return 0; }; return 1; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv 2>&1; nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"
BASE="--family sklansky --device-wide"
# Candidates: label|eligible for the default (yes/no)|options added to BASE. Eligible ones leave the item count
# to the defaults, so that every type and operator gets a tile that fits.
CANDIDATES=(
  "direct layout, 256 x 25, early look-back (the default)|yes|--n 256"
  "direct layout, 256 x 25, look-back after the network|yes|--n 256 --look-back after-network"
  "padded layout, 256 x 24|yes|--n 256 --layout padded"
  "direct layout, items in registers|yes|--n 256 --items-in-registers"
  "direct layout, 256 x 23|no|--n 256 --items 23"
  "direct layout, 256 x 31|no|--n 256 --items 31"
  "direct layout, 128 x 49|no|--n 128"
  "direct layout, 128 x 49, dedicated look-back warp|no|--n 128 --look-back dedicated-warp"
)
status=0
log "probe"
probe=$(entangle gpu-check $BASE --n 256 --layout padded --sizes 1 --seed 1 2>&1)
if [ $? -eq 2 ]; then
  echo "$probe" | tee -a "$OUT/log.txt"
  exit 2
fi
# A CUB harness carried in the cache may have been built on another system: drop it if it does not run here.
for bin in "$ENTANGLE_CACHE"/*.bin; do
  [ -e "$bin" ] || continue
  "$bin" 1024 20 1 > /dev/null 2>&1 || { log "cached $bin does not run here: rebuilt by nvcc"; rm -f "$bin"; }
done

# precompile OPTIONS...: the PTX of one kernel into the cache under the key NvccCompiler uses (in parallel below).
precompile() {
  local dir; dir=$(mktemp -d)
  "$JAVA" -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main cuda "$@" -o "$dir/kernel.cu" || return
  local key; key=$( { printf 'ptx\nsm_90\n-ptx -lineinfo\n'; cat "$dir/kernel.cu"; } | sha256sum | cut -d' ' -f1)
  [ -f "$ENTANGLE_CACHE/$key.ptx" ] || { nvcc -arch=sm_90 -ptx -lineinfo -o "$dir/kernel.ptx" "$dir/kernel.cu" && mv "$dir/kernel.ptx" "$ENTANGLE_CACHE/$key.ptx"; }
  rm -rf "$dir"
}
export -f precompile
export JAVA BUNDLE ENTANGLE_CACHE

check() {  # check LABEL ARGS...: one JSON array per call appended to check.json
  local label=$1; shift
  late "check $label" && return
  log "check $label"
  entangle gpu-check "$@" --seed 20261125 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" || { status=1; log "FAILED: $label"; }
}

WINNER=${WINNER:-}
if [ -z "$WINNER" ] && { [ "$PHASE" = sweep ] || [ "$PHASE" = all ]; }; then
  : > "$OUT/summary.txt"
  for entry in "${CANDIDATES[@]}"; do
    IFS='|' read -r label eligible opts <<< "$entry"
    late "sweep $label" && continue
    log "sweep $label"
    echo "### $label: gpu-bench $BASE $opts --sizes $SIZES --vs cub --rounds $ROUNDS --runs 30" >> "$OUT/sweep.txt"
    # shellcheck disable=SC2086
    entangle gpu-bench $BASE $opts --sizes "$SIZES" --vs cub --rounds "$ROUNDS" --runs 30 > "$OUT/sweep.part" 2>&1 || log "sweep failed: $label"
    cat "$OUT/sweep.part" >> "$OUT/sweep.txt"
    awk -v l="$label" -v e="$eligible" -v o="$opts" '$1 ~ /^[0-9]+$/ && NF >= 11 {
      printf "%s|%s|%s|n %s  ours %s [%s]  cub %s [%s]  ours/cub %s [%s]  %s\n", $7, e, o, $1, $2, $9, $4, $10, $7, $11, l }' \
      "$OUT/sweep.part" >> "$OUT/summary.txt"
  done
  rm -f "$OUT/sweep.part"
  sort -n -o "$OUT/summary.txt" "$OUT/summary.txt"
  WINNER=$(awk -F'|' '$2 == "yes" { print $3; exit }' "$OUT/summary.txt")
  echo "winner (eligible, lowest median ours/cub at $SIZES): ${WINNER:-none}" >> "$OUT/summary.txt"
  tee -a "$OUT/log.txt" < "$OUT/summary.txt"
fi
WINNER=${WINNER:---n 256}

if [ "$PHASE" = validate ] || [ "$PHASE" = all ]; then
  TYPES=(int32 int64 float32 float64); OPS=(add max min)
  log "precompile the winner's kernels: $WINNER"
  {
    for t in "${TYPES[@]}"; do for op in "${OPS[@]}"; do
      echo "$BASE $WINNER --type $t --op $op"
      echo "$BASE $WINNER --type $t --op $op --exclusive"
      echo "$BASE $WINNER --type $t --op $op --exclusive --backward --segmented"
    done; done
    for t in int32 float64; do for op in add min; do echo "$BASE $WINNER --type $t --op $op --backward"; done; done
    for t in int32 float64; do for op in add max; do echo "$BASE $WINNER --type $t --op $op --segmented"; done; done
  } | xargs -P 12 -I{} bash -c 'precompile {}' 2>> "$OUT/log.txt"
  log "precompiled"

  NCU=(ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables
       --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --launch-skip 5 --launch-count 1)
  REPORTS=$(mktemp -d)
  profile() {  # profile LABEL KERNEL-REGEX COMMAND...: the details page and the raw metrics appended to profile.txt
    local label=$1 kernel=$2; shift 2
    late "profile $label" && return
    log "profile $label"
    local rep="$REPORTS/p$SECONDS"
    timeout 100 "${NCU[@]}" -k "regex:$kernel" -f -o "$rep" "$@" > "$rep.log" 2>&1 || { log "profile failed: $label"; tail -5 "$rep.log" >> "$OUT/log.txt"; }
    [ -f "$rep.ncu-rep" ] || return
    { echo "######## $label"; ncu --import "$rep.ncu-rep" --page details --print-details all
      echo "######## raw: $label"; ncu --import "$rep.ncu-rep" --page raw; } >> "$OUT/profile.txt" 2>&1
  }
  # shellcheck disable=SC2086
  profile "ours: $WINNER" entangle_device_scan "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main \
    gpu-bench $BASE $WINNER --sizes 2^28 --runs 20
  grep -E "^######## |Duration|DRAM Throughput|Achieved Occupancy|Registers Per Thread|Block Limit|No Eligible|Warp Cycles Per Issued|issue_stalled_.*_per_issue_active|bank_conflicts_pipe_lsu_mem_shared_op_(ld|st)\.sum|wavefronts_mem_shared\.sum |dram__bytes_(read|write)\.sum " \
    "$OUT/profile.txt" > "$OUT/profile-summary.txt" 2>/dev/null

  ALL_TYPES="--type int32 --type int64 --type float32 --type float64 --op add --op max --op min"
  # shellcheck disable=SC2086
  check "winner, every type and operator, 0 .. 2^28" $BASE $WINNER $ALL_TYPES --sizes "0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24,2^28"
  VARIANT_SIZES="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24"
  # shellcheck disable=SC2086
  check "winner, exclusive, every type and operator" $BASE $WINNER $ALL_TYPES --exclusive --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "winner, exclusive backward segmented, every type and operator" $BASE $WINNER $ALL_TYPES --exclusive --backward --segmented --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "winner, backward" $BASE $WINNER --type int32 --type float64 --op add --op min --backward --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "winner, segmented" $BASE $WINNER --type int32 --type float64 --op add --op max --segmented --sizes "$VARIANT_SIZES"
  log "checks: $(grep -c '"passed" : true' "$OUT/check.json") passed, $(grep -c '"passed" : false' "$OUT/check.json") failed"

  for opts in "$WINNER" "--n 256 --layout padded"; do
    late "final bench $opts" && continue
    log "final bench $opts"
    echo "### gpu-bench $BASE $opts --sizes 2^20,2^24,2^28,2^30 --vs cub --rounds 3" >> "$OUT/final-bench.txt"
    # shellcheck disable=SC2086
    entangle gpu-bench $BASE $opts --sizes 2^20,2^24,2^28,2^30 --vs cub --rounds 3 >> "$OUT/final-bench.txt" 2>&1 || log "final bench failed: $opts"
  done
fi
log "done, status $status"
exit $status
